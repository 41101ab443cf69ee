package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.Console;
import io.poolbench.testbed.report.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * docs/recipes.md: every file it shows runs through {@code check} as the page says (with the JVM flags it gives
 * beside it), builds its pool with no setting left unread and no warning of the pool; the Spring Boot and Tomcat
 * files are the Maven plugin's test services' own; the CI job's command line is one {@code check} takes.
 */
class RecipesTest {
    private static final Path PAGE = Path.of("..", "docs", "recipes.md");
    private static final Path SERVICES = Path.of("..", "poolbench-maven-plugin", "src", "it");
    private static final Pattern FLAG = Pattern.compile("-D([\\w.]+)=(\\S+?)\"?(?:\\s|$)");

    @TempDir
    Path tmp;

    /** @return each fenced block whose info string names a file (e.g. {@code yaml application.yml}), by that name */
    static Map<String, String> files() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        Parser.builder().build().parse(Files.readString(PAGE)).accept(new AbstractVisitor() {
            @Override
            public void visit(FencedCodeBlock b) {
                String[] info = b.getInfo().trim().split("\\s+");
                if (info.length == 2) {
                    out.put(info[1], b.getLiteral());
                }
            }
        });
        return out;
    }

    @Test
    void theSpringBootAndTomcatFilesAreThePluginsTestServices() throws Exception {
        Map<String, String> f = files();
        assertEquals(Files.readString(SERVICES.resolve("spring-boot-service/src/main/resources/application.yml")),
                f.get("application.yml"));
        assertEquals(Files.readString(SERVICES.resolve("tomcat-webapp/src/main/webapp/META-INF/context.xml")),
                f.get("context.xml"));
    }

    @Test
    void everyRecipeBuildsItsPoolWithEverySettingRead() throws Exception {
        Map<String, String> f = files();
        checked("application.yml", f.get("application.yml"), flags(f.get("jvm")), "--spring-profile", "aurora",
                "--set", "DB_PASSWORD=unused");
        checked("context.xml", f.get("context.xml"), Map.of("db.password", "unused"));
        Map<String, String> hikariFlags = new LinkedHashMap<>(flags(f.get("setenv.sh")));
        hikariFlags.put("db.password", "unused");
        JsonNode hikari = checked("hikari-context.xml", f.get("hikari-context.xml"), hikariFlags);
        assertEquals("HikariCP", hikari.at("/pool/pool").asText());
        assertTrue(!hikari.at("/pool/timeouts/checkSetting").asText().contains("500"), "the flag was read: "
                + hikari.at("/pool/timeouts"));
    }

    @Test
    void theCiJobsCommandLineIsOneCheckTakes() throws Exception {
        Map<String, Object> job = new Yaml().load(files().get("github-actions.yml"));
        String run = steps(job).stream().filter(s -> s.containsKey("env")).map(s -> (String) s.get("run"))
                .findFirst().orElseThrow();
        Path yml = Files.writeString(tmp.resolve("application.yml"), files().get("application.yml"));
        List<String> args = new ArrayList<>();
        for (String w : run.trim().split("\\s+")) {
            String a = w.replace("\"", "").replace("$PWD/src/main/resources/application.yml", yml.toString())
                    .replace("$PWD/target/poolbench", tmp.resolve("ci").toString());
            if (!a.endsWith("/poolbench/poolbench")) {
                args.add(a);
            }
        }
        Console r = Console.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), args + ": " + r.err());
        assertTrue(Files.isRegularFile(tmp.resolve("ci").resolve("check.md")));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> steps(Map<String, Object> workflow) {
        Map<String, Object> jobs = (Map<String, Object>) workflow.get("jobs");
        return (List<Map<String, Object>>) ((Map<String, Object>) jobs.values().iterator().next()).get("steps");
    }

    /** @return the {@code -Dname=value} flags of a shell line */
    private static Map<String, String> flags(String shell) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = FLAG.matcher(shell);
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        assertTrue(!out.isEmpty(), "no -D flag in " + shell);
        return out;
    }

    private JsonNode checked(String name, String content, Map<String, String> jvmFlags, String... options)
            throws Exception {
        Path file = Files.writeString(Files.createDirectories(tmp.resolve(name + ".d")).resolve(name.endsWith(".yml")
                ? "application.yml" : name), content);
        Path out = tmp.resolve(name + ".out");
        List<String> args = new ArrayList<>(List.of("check", file.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        jvmFlags.forEach(System::setProperty);
        try {
            Console r = Console.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), name + ": " + r.err());
        } finally {
            jvmFlags.keySet().forEach(System::clearProperty);
        }
        JsonNode pool = ResultJson.MAPPER.readTree(out.resolve("check.json").toFile()).get(0);
        assertEquals(0, pool.at("/pool/ignored").size(), name + ": settings nothing reads: " + pool.at("/pool/ignored"));
        assertEquals(0, pool.at("/pool/poolWarnings").size(), name + ": the pool's warnings: "
                + pool.at("/pool/poolWarnings"));
        return pool;
    }
}
