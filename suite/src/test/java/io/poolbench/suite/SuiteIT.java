package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.run.Manifest;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole suite's command on one scenario (the pool-size scenario at the suite's quick scale), its one-page report, and that
 * page opened by a person's browser: headless Chromium loads index.html offline and the page's own check says every
 * image loaded and every table has rows. Skipped without Chromium, except in CI ({@code CI=true}), which installs it.
 */
class SuiteIT {
    @TempDir
    Path tmp;

    @Test
    void oneScenarioGivesAPageWhoseImagesLoadAndWhoseTablesHaveRows() throws Exception {
        Path out = tmp.resolve("run");
        assertEquals(0, PoolbenchMain.run("run", "--root", "..", "--out", out.toString(), "--only", "seed000"));
        Manifest m = Manifest.read(out);
        assertEquals("ok", m.status(), m.phases().toString());
        // seed000, the scenario's older id, names it still; its run folder is its id's
        assertEquals("ok", Manifest.read(out.resolve("pool-size")).status(), "the scenario's own run directory");
        String md = Files.readString(out.resolve("index.md"));
        assertTrue(md.contains("## What to pick") && md.contains("Size the pool for the connections held at once"),
                md);
        assertTrue(md.contains("](#pool-size)") && md.contains("<a id=\"pool-size\"></a>"), "claims link to sections");
        // the suite runs the pool-size sweep in 3 rounds, so its finding carries its n and interval: in the verdict
        // table (one numbered row per comparison, its forest plot under it) and in words
        String pick = md.substring(md.indexOf("## What to pick"), md.indexOf("## Scenarios"));
        assertTrue(pick.contains("| 95 % interval |") && pick.contains("3 rounds"), pick);
        assertTrue(pick.contains("| 1 | Size the pool for the connections held at once |")
                && pick.contains("(" + io.poolbench.suite.report.VerdictTable.RATIOS_PNG + ")"), pick);
        assertTrue(md.contains("| CPU |") && md.contains("| commit |") && md.contains("| command line |"), md);
        assertTrue(md.contains("![") && md.contains("(pool-size/pool-size/"), "image paths relative to the run: " + md);
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("data:image/png;base64,"), "images inside the page");
        assertFalse(html.contains("http://") || html.contains("https://"), "no external fetch");

        Optional<Path> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent() || "true".equals(System.getenv("CI")),
                "no Chromium here (CI installs it)");
        assertTrue(chromium.isPresent(), "CI must have chromium: .ci/run installs it");
        String dom = dumpDom(chromium.get(), out.resolve("index.html"));
        assertEquals("yes", attr(dom, "data-checked"), "the page's load handler ran");
        assertTrue(Integer.parseInt(attr(dom, "data-images")) >= 1, dom.substring(0, Math.min(400, dom.length())));
        assertEquals("0", attr(dom, "data-images-broken"), "every image loads");
        assertTrue(Integer.parseInt(attr(dom, "data-tables")) >= 3);
        assertEquals("0", attr(dom, "data-tables-empty"), "every table has rows");

        assertEquals(2, PoolbenchMain.run("run", "--root", "..", "--only", "seed999", "--out",
                tmp.resolve("x").toString()));
        assertEquals(2, PoolbenchMain.run("run", "--root", "..", "--preset", "fast", "--out",
                tmp.resolve("y").toString()));
        assertFalse(Files.exists(tmp.resolve("x")) || Files.exists(tmp.resolve("y")), "nothing started");
    }

    /** @return Debian's chromium (or chromium-browser / google-chrome) on the PATH */
    static Optional<Path> chromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String n : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, n);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** The DOM after load, as headless Chromium serialises it (no network: the page must need none). */
    static String dumpDom(Path chromium, Path page) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--virtual-time-budget=10000", "--dump-dom",
                page.toAbsolutePath().toUri().toString()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium ended");
        return dom;
    }

    private static String attr(String dom, String name) {
        Matcher m = Pattern.compile("<body[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        return m.find() ? m.group(1) : "(missing: " + name + ")";
    }
}
