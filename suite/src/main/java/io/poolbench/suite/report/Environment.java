package io.poolbench.suite.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.util.ServerInfo;

/**
 * The environment block of the suite's report: CPU model and cores, memory, OS, JDK, the database servers the
 * scenarios reported, the JDBC/R2DBC drivers' and pools' versions (read from the Maven metadata the jars carry, or
 * the driver's own constant), the project's commit (from git, when the root is a clone) and the command line.
 */
public final class Environment {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** group:artifact of the libraries beside the catalog's pools whose version the report states. */
    private static final List<String> OTHER_LIBRARIES = List.of("io.r2dbc:r2dbc-pool", "org.postgresql:r2dbc-postgresql",
            "org.testcontainers:testcontainers");

    private Environment() {
    }

    /**
     * @param root the project root
     * @param m the suite's manifest
     * @param servers the environment files of the scenarios that name their database server
     *     ({@code environment.json}, field {@code server}); a missing file is a scenario that did not run
     * @param mysql whether a scenario ran on MySQL behind Toxiproxy
     * @return a Markdown table of the environment
     */
    public static String markdown(Path root, Manifest m, List<Path> servers, boolean mysql) {
        Map<String, String> e = new LinkedHashMap<>();
        e.put("CPU", cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores");
        e.put("memory", memory());
        e.put("OS", osName() + " (" + System.getProperty("os.name") + " " + System.getProperty("os.version") + ", "
                + System.getProperty("os.arch") + ")");
        e.put("JDK", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + "); the scenarios' JVMs are the same");
        e.put("database", databases(servers, mysql));
        e.put("Tomcat (webapp)", tomcat());
        List<String> libs = new ArrayList<>();
        List<String> unnamed = new ArrayList<>();
        // every pool of the catalog (PoolKind), then the other libraries
        List<String> all = new ArrayList<>(Arrays.stream(PoolKind.values()).map(PoolKind::mavenArtifact)
                .filter(Objects::nonNull).toList());
        all.addAll(OTHER_LIBRARIES);
        for (String ga : all) {
            String[] l = ga.split(":");
            String v = mavenVersion(l[0], l[1]);
            if (v != null) {
                libs.add(l[1] + " " + v);
            } else {
                unnamed.add(l[1]);
            }
        }
        libs.add(0, "pgjdbc " + constant("org.postgresql.util.DriverInfo", "DRIVER_VERSION"));
        libs.add(1, "mysql-connector-j " + constant("com.mysql.cj.Constants", "CJ_VERSION"));
        e.put("drivers and pools", String.join(", ", libs) + (unnamed.isEmpty() ? "" : "; " + String.join(", ",
                unnamed) + " as pinned in pom.xml (their jars name no version here)"));
        e.put("JMeter", jmeter(root));
        e.put("commit", git(root));
        e.put("command line", "`./poolbench " + String.join(" ", m.args()) + "`");
        e.put("started / ended", m.startedAt() + " / " + (m.endedAt() == null ? "(running)" : m.endedAt()));
        Table t = Table.of("what", "here");
        e.forEach((k, v) -> {
            if (k.equals("command line")) {
                t.markdownRow(k, v);
            } else {
                t.row(k, Redact.oneLine(v));
            }
        });
        return t.markdown();
    }

    private static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private static String memory() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(l.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%.1f GiB", kb / 1024.0 / 1024.0);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return "?";
    }

    private static String osName() {
        try {
            for (String l : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (l.startsWith("PRETTY_NAME=")) {
                    return l.substring("PRETTY_NAME=".length()).replace("\"", "");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return System.getProperty("os.name");
    }

    /** The servers the scenarios named in their environment files. */
    private static String databases(List<Path> servers, boolean mysql) {
        List<String> out = new ArrayList<>();
        for (Path f : servers) {
            try {
                JsonNode j = JSON.readTree(f.toFile());
                String s = j.path("server").asText("");
                String d = s + " (embedded, zonky)";
                if (!s.isEmpty() && !out.contains(d)) {
                    out.add(d);
                }
            } catch (IOException e) {
                // that scenario did not run
            }
        }
        if (mysql) {
            out.add("MySQL in Docker behind Toxiproxy (the Aurora scenario, drills; image as their reports say)");
        }
        return out.isEmpty() ? "embedded PostgreSQL" : String.join("; ", out);
    }

    private static String tomcat() {
        try {
            return ServerInfo.getServerNumber();
        } catch (LinkageError e) {
            return "?";
        }
    }

    /** A driver's own version constant, read reflectively (the suite does not compile against the drivers). */
    private static String constant(String className, String field) {
        try {
            return String.valueOf(Class.forName(className).getField(field).get(null));
        } catch (ReflectiveOperationException | LinkageError e) {
            return "?";
        }
    }

    private static String mavenVersion(String group, String artifact) {
        try (InputStream in = Environment.class.getResourceAsStream("/META-INF/maven/" + group + "/" + artifact
                + "/pom.properties")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }

    private static String jmeter(Path root) {
        try {
            return Artifacts.locate(root).jmeterJar().getFileName().toString().replace("ApacheJMeter-", "")
                    .replace(".jar", "");
        } catch (RuntimeException e) {
            return "?";
        }
    }

    private static String git(Path root) {
        if (!Files.exists(root.resolve(".git"))) {
            return "not a git clone";
        }
        try {
            Process p = new ProcessBuilder("git", "-C", root.toString(), "describe", "--always", "--dirty",
                    "--abbrev=12").redirectErrorStream(true).start();
            String s = new String(p.getInputStream().readAllBytes()).trim();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? s : "? (git: " + s + ")";
        } catch (IOException e) {
            return "? (git not installed)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }
}
