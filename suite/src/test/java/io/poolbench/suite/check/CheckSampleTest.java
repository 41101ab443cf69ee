package io.poolbench.suite.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.Console;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample page in docs/check.md is a real {@code check} of the Spring Boot on Aurora recipe, as it prints now: the
 * page between the sample's two marker lines is compared with this run's {@code check.md} (its headings two levels
 * down, the temporary path shown as {@code application.yml}), so that a change of the output's format fails here with
 * the copy to make.
 */
class CheckSampleTest {
    static final String BEGIN = "<!-- the sample: CheckSampleTest writes it to suite/target/reference/check-sample.md -->";
    static final String END = "<!-- end of the sample -->";

    @TempDir
    Path tmp;

    @Test
    void theSampleInCheckMdIsTodaysOutput() throws Exception {
        Map<String, String> recipes = RecipesTest.files();
        Path yml = Files.writeString(tmp.resolve("application.yml"), recipes.get("application.yml"));
        Path out = tmp.resolve("out");
        System.setProperty("com.zaxxer.hikari.aliveBypassWindowMs", "0");
        Console r;
        try {
            r = Console.run("check", yml.toString(), "--spring-profile", "aurora", "--set", "DB_PASSWORD=unused",
                    "--rate", "50", "--request-hold-ms", "10", "--out", out.toString());
        } finally {
            System.clearProperty("com.zaxxer.hikari.aliveBypassWindowMs");
        }
        assertEquals(0, r.code(), r.err());
        String sample = Files.readString(out.resolve("check.md")).replace(yml.toString(), "application.yml")
                .replaceAll("(?m)^#", "###").strip() + "\n";
        Path target = Path.of("target", "reference", "check-sample.md");
        Files.createDirectories(target.getParent());
        Files.writeString(target, sample, StandardCharsets.UTF_8);
        String page = Files.readString(Path.of("..", "docs", "check.md"));
        int begin = page.indexOf(BEGIN);
        int end = page.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "docs/check.md has no sample between " + BEGIN + " and " + END);
        assertEquals(sample, page.substring(begin + BEGIN.length(), end).strip() + "\n", "the sample in docs/check.md"
                + " differs from check's output now: put suite/" + target + " between its marker lines");
    }
}
