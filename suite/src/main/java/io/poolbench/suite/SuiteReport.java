package io.poolbench.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.suite.report.Environment;
import io.poolbench.suite.report.VerdictTable;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.stats.Claim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The whole suite's report: {@code index.md} (the Markdown twin) and {@code index.html}, one static page that works
 * offline (every chart inside as a data URI, no external fetch): on top what to pick for which situation, first as
 * the verdict table with its forest plot ({@link VerdictTable}: every comparison the findings state), then in words,
 * each claim computed from a scenario's {@code summary.json} and linked to the section with its table; the scenarios'
 * status;
 * the environment (CPU, memory, OS, JDK, database, driver and pool versions, commit, command line); the lint of the
 * profiles compared; then each scenario's own report (its {@code summary.md}, headings moved one level down, image
 * paths made relative to the run directory). Markdown is rendered by commonmark-java with its GFM tables extension.
 *
 * <p>The page carries a small script that, once loaded, sets {@code data-images}, {@code data-images-broken},
 * {@code data-tables} and {@code data-tables-empty} on {@code <body>}: what the headless-browser test reads.
 */
public final class SuiteReport {
    /** An image or a link in Markdown: its text, its target (group 3). */
    private static final Pattern IMAGE = Pattern.compile("(!?)\\[([^]]*)]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^(#{1,5}) ");

    private SuiteReport() {
    }

    /**
     * What was written.
     *
     * @param markdown {@code <run>/index.md}
     * @param html {@code <run>/index.html}
     * @param copy {@code target/poolbench-report/index.html} when the run is under it, else null
     * @param headline one line: the run's status and where the report is
     */
    public record Written(Path markdown, Path html, Path copy, String headline) {
    }

    /**
     * Writes {@code index.md} and {@code index.html} into the run directory, and copies the page to
     * {@code <root>/target/poolbench-report/index.html} when the run directory lies under that directory.
     *
     * @param dir the suite's run directory
     * @param root the project root
     * @return the files written
     * @throws IOException when files cannot be read or written
     */
    public static Written write(Path dir, Path root) throws IOException {
        Manifest m = Manifest.read(dir);
        Top top = top(dir, m);
        StringBuilder md = new StringBuilder("# poolbench report\n\n");
        md.append(String.format(Locale.ROOT, "Run `%s` of %s, preset **%s**, status **%s**. Every figure below comes"
                + " from this run; compare within it (2 shared cores: absolute figures drift between runs).%n%n",
                dir.getFileName(), m.startedAt(), m.settings().path("preset").asText("?"), m.status()));
        md.append(findingsMarkdown(top.findings(), dir));
        md.append("\n## Scenarios\n\n").append(scenariosMarkdown(top.scenarios()));
        md.append("\n## Environment\n\n").append(Environment.markdown(root, m, List.of(
                SuiteEntry.CONCURRENCY.dirIn(dir).resolve("concurrency/environment.json"),
                SuiteEntry.CONNECT.dirIn(dir).resolve("connect/environment.json")),
                Files.isDirectory(SuiteEntry.AURORA.dirIn(dir)) || Files.isDirectory(SuiteEntry.DRILLS.dirIn(dir))));
        md.append("\n## Profiles compared\n\n").append(lint(dir));
        for (ScenarioRow r : top.scenarios()) {
            SuiteEntry s = SuiteEntry.of(r.id());
            md.append("\n<a id=\"").append(s.id).append("\"></a>\n\n").append(section(dir, s, m.phase("scenario:"
                    + r.id())));
        }
        Path mdFile = dir.resolve("index.md");
        Files.writeString(mdFile, md.toString());
        Path html = dir.resolve("index.html");
        Files.writeString(html, html(md.toString(), dir));
        Path base = root.resolve("target/poolbench-report").toAbsolutePath().normalize();
        Path copy = null;
        if (dir.toAbsolutePath().normalize().startsWith(base)) {
            copy = base.resolve("index.html");
            Files.copy(html, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        return new Written(mdFile, html, copy, "poolbench run: " + m.status() + ", " + top.findings().size()
                + " findings on top of the report");
    }

    /**
     * One scenario of the run, as the page's table lists it.
     *
     * @param id the scenario's id ({@link SuiteEntry#of})
     * @param title its title
     * @param status its phase's status ({@code ok}, {@code failed} …), null when the manifest has no phase for it
     * @param reason why it did not end ok, null for none
     * @param args the command line it ran, without {@code ./poolbench}
     */
    record ScenarioRow(String id, String title, String status, String reason, List<String> args) {
    }

    /**
     * The top of the page: the findings and the scenarios' table.
     *
     * @param findings every scenario's findings, solid ones first, each group in the scenarios' order, each linked
     *        to its section
     * @param scenarios the scenarios in the run's order
     */
    record Top(List<Claim> findings, List<ScenarioRow> scenarios) {
    }

    /**
     * Reads the top of the page from the run; a scenario of several commands gets its summary composed afresh
     * first ({@link SuiteEntry#compose}).
     *
     * @param dir the suite's run directory
     * @param m its manifest
     * @return the findings and the scenarios
     * @throws IOException when a composed summary cannot be written
     */
    static Top top(Path dir, Manifest m) throws IOException {
        List<Claim> claims = new ArrayList<>();
        List<ScenarioRow> rows = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = m.settings().path("scenarios").fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            SuiteEntry s = SuiteEntry.of(e.getKey());
            PhaseEntry ph = m.phase("scenario:" + e.getKey());
            List<String> args = new ArrayList<>();
            e.getValue().forEach(a -> args.add(a.asText()));
            rows.add(new ScenarioRow(s.id, s.title, ph == null ? null : ph.status(), ph == null ? null : ph.reason(),
                    args));
            Path sdir = s.dirIn(dir);
            if (Files.isDirectory(sdir)) {
                s.compose(sdir); // a scenario of several commands: its summary from theirs, afresh
            }
            String link = " ([" + s.title.replaceFirst(":.*", "") + "](#" + s.id + "))";
            s.findings.apply(sdir).forEach(f -> claims.add(f.append(link)));
        }
        List<Claim> ordered = new ArrayList<>(claims.stream().filter(Claim::solid).toList());
        claims.stream().filter(c -> !c.solid()).forEach(ordered::add);
        return new Top(ordered, rows);
    }

    private static String findingsMarkdown(List<Claim> findings, Path dir) throws IOException {
        StringBuilder md = new StringBuilder("## What to pick\n\n");
        if (findings.isEmpty()) {
            return md.append("No scenario finished with data.\n").toString();
        }
        md.append(VerdictTable.markdown(findings, dir));
        md.append("In words, solid findings first: each rests on a comparison over rounds whose 95 % interval excludes"
                + " \"no difference\" on its own; the table above says which still do once adjusted for all of its"
                + " comparisons. The others come from one run, or are not shown to differ.\n\n");
        findings.forEach(c -> md.append("- ").append(c.markdown()).append("\n"));
        return md.toString();
    }

    private static String scenariosMarkdown(List<ScenarioRow> rows) {
        Table t = Table.of("scenario", "status", "what it ran");
        for (ScenarioRow r : rows) {
            t.markdownRow("[" + MarkdownText.cell(r.title()) + "](#" + r.id() + ")", "ok".equals(r.status()) ? "ok"
                    : r.status() == null ? "**?**" : MarkdownText.status(r.status(), r.reason()),
                    "`./poolbench " + String.join(" ", r.args()) + "`");
        }
        return t.markdown();
    }

    /** One scenario's section: its own summary.md, or what became of it. */
    private static String section(Path dir, SuiteEntry s, PhaseEntry ph) throws IOException {
        StringBuilder out = new StringBuilder();
        Path summary = s.dirIn(dir).resolve(s.summary);
        if (!Files.isRegularFile(summary)) {
            return out.append("## ").append(s.title).append("\n\n").append(MarkdownText.status(ph == null
                    ? "not run" : ph.status(), ph == null ? null : ph.reason())).append(" (no report)\n").toString();
        }
        String text = Files.readString(summary);
        if (ph != null && !ph.ok()) {
            out.append("> ").append(MarkdownText.status(ph.status(), ph.reason())).append("\n\n");
        }
        // the scenario's headings one level down, its title replaced by the suite's
        text = HEADING.matcher(text).replaceAll("#$1 ");
        text = text.replaceFirst("(?m)^## .*$", "## " + Matcher.quoteReplacement(s.title));
        Path rel = dir.relativize(summary.getParent());
        Matcher im = IMAGE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (im.find()) {
            // images and links relative to the scenario's summary, made relative to the page
            String src = im.group(3);
            String fixed = src.contains("://") || src.startsWith("#") ? src : rel.resolve(src).toString()
                    .replace('\\', '/');
            im.appendReplacement(sb, Matcher.quoteReplacement(im.group(1) + "[" + im.group(2) + "](" + fixed + ")"));
        }
        im.appendTail(sb);
        return out.append(sb).append("\n").toString();
    }

    /** The lint the compare scenario wrote for each JDBC profile it loaded, and the R2DBC profile's notes. */
    private static String lint(Path dir) throws IOException {
        StringBuilder md = new StringBuilder();
        Path load = dir.resolve("compare/load");
        if (Files.isDirectory(load)) {
            try (Stream<Path> s = Files.list(load)) {
                for (Path p : s.sorted().toList()) {
                    Path f = p.resolve("lint.txt");
                    if (Files.isRegularFile(f)) {
                        md.append("```\n").append(Files.readString(f).strip()).append("\n```\n\n");
                    }
                }
            }
        }
        Path r2 = SuiteEntry.CONCURRENCY.dirIn(dir).resolve("concurrency");
        if (Files.isDirectory(r2)) {
            md.append("R2DBC (the concurrency scenario): r2dbc-pool's options as the profile sets them, resized to the sweep's pool"
                    + " size: see `" + dir.relativize(r2).toString().replace('\\', '/')
                    + "/*/r2dbc/r2dbc.xml`; r2dbc-pool has no borrow timeout unless"
                    + " `maxAcquireTime` is set (the shipped profile sets 30 s, as HikariCP's connectionTimeout).\n");
        }
        return md.length() == 0 ? "No profile was linted (the compare scenario did not run).\n" : md.toString();
    }

    /** The page: the Markdown rendered, images inlined, the styles and the load check inside. */
    static String html(String markdown, Path dir) throws IOException {
        Parser parser = Parser.builder().extensions(List.of(TablesExtension.create())).build();
        HtmlRenderer renderer = HtmlRenderer.builder().extensions(List.of(TablesExtension.create())).build();
        Node doc = parser.parse(markdown);
        String body = renderer.render(doc);
        Matcher im = Pattern.compile("<img src=\"([^\"]+)\"").matcher(body);
        StringBuilder sb = new StringBuilder();
        while (im.find()) {
            String src = im.group(1).replace("&amp;", "&");
            Path f = dir.resolve(src).normalize();
            String repl = im.group(0);
            if (!src.contains("://") && f.startsWith(dir.normalize()) && Files.isRegularFile(f)) {
                repl = "<img src=\"data:image/png;base64," + Base64.getEncoder().encodeToString(Files.readAllBytes(f))
                        + "\"";
            }
            im.appendReplacement(sb, Matcher.quoteReplacement(repl));
        }
        im.appendTail(sb);
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>poolbench report</title><style>" + CSS + "</style></head><body>\n<main>\n" + sb
                + "</main>\n<script>" + CHECK + "</script>\n</body></html>\n";
    }

    private static final String CSS = "body{font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif;color:#222;"
            + "margin:0;background:#fafafa}main{max-width:1480px;margin:0 auto;padding:24px 32px;background:#fff}"
            + "h1{font-size:28px;border-bottom:3px solid #1f77b4;padding-bottom:6px}h2{margin-top:40px;"
            + "border-bottom:1px solid #ddd;padding-bottom:4px}table{border-collapse:collapse;margin:12px 0;"
            + "font-size:13px;display:block;overflow-x:auto}th,td{border:1px solid #ddd;padding:3px 8px;"
            + "vertical-align:top}th{background:#f0f4f8}tr:nth-child(even) td{background:#fafcff}"
            + "img{max-width:100%;border:1px solid #eee}"
            + "pre{background:#f6f8fa;padding:10px;overflow-x:auto;font-size:12px}code{font-size:90%}"
            + "blockquote{border-left:4px solid #d62728;margin:0;padding:4px 12px;background:#fff5f5}"
            // the verdict table with its forest plot beside it, one above the other on a narrow screen
            + ".verdicts{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
            + ".verdict-table{flex:3 1 640px;min-width:0}.forest{flex:2 1 360px}";

    /** Sets what a headless browser can read back: images that failed to load, tables without rows. */
    private static final String CHECK = "window.addEventListener('load',function(){var i=[].slice.call("
            + "document.images),t=[].slice.call(document.querySelectorAll('table')),b=document.body;"
            + "b.setAttribute('data-images',i.length);b.setAttribute('data-images-broken',i.filter(function(x){"
            + "return !(x.complete&&x.naturalWidth>0)}).length);b.setAttribute('data-tables',t.length);"
            + "b.setAttribute('data-tables-empty',t.filter(function(x){return x.querySelectorAll('tbody tr')"
            + ".length==0}).length);b.setAttribute('data-checked','yes')});";
}
