package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.report.VerdictHistory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.Heading;
import org.commonmark.node.Link;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

/**
 * The user documentation holds together: every relative link in the README, CONTRIBUTING and {@code docs/} reaches a
 * file, and a link to a heading reaches a heading of that file (GitHub's anchors); the README stays within 200 lines
 * and the findings page within 300 (its generated verdict history aside); and no page outside {@code docs/lab/} carries the project's history (process words,
 * issue numbers, dates, also the README's), which belongs to the dated records in {@code docs/lab/} and to git.
 */
class DocsTest {
    private static final Path ROOT = Path.of("..");
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();
    /** Words that tell how the project got here rather than what it does. */
    private static final Pattern HISTORY = Pattern.compile("(?i)\\b(this stop|last stop|the stop before|until then"
            + "|issue #?\\d+|issues? \\d+)\\b|\\bwas: ");
    private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-\\d\\d-\\d\\d\\b");

    @Test
    void everyRelativeLinkReachesAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages(true)) {
            for (String target : links(read(page))) {
                if (target.matches("^[a-z]+:.*") || target.startsWith("//")) {
                    continue;
                }
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                Path to = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(to)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (anchor != null && to.toString().endsWith(".md") && !anchors(read(to)).contains(anchor)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken, "broken links");
    }

    @Test
    void theManualCarriesNoHistory() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path page : pages(false)) {
            String[] lines = read(page).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                // a link into the dated records names their date, which the link's target carries, not the prose
                String line = lines[i].replaceAll("\\]\\([^)]*\\)", "]");
                if (HISTORY.matcher(line).find() || DATE.matcher(line).find()) {
                    found.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + lines[i].strip());
                }
            }
        }
        assertEquals(List.of(), found, "history in the manual (it belongs in docs/lab/ or git)");
    }

    @Test
    void theReadmeAndTheFindingsStayShort() throws IOException {
        assertTrue(read(ROOT.resolve("README.md")).split("\n").length <= 200, "README.md over 200 lines");
        // the verdict history is generated from the ledger (./poolbench ledger): the prose around it is what stays short
        String findings = read(ROOT.resolve("docs/findings.md"));
        int begin = findings.indexOf(VerdictHistory.BEGIN);
        int end = findings.indexOf(VerdictHistory.END);
        String prose = begin >= 0 && end > begin ? findings.substring(0, begin) + findings.substring(end) : findings;
        assertTrue(prose.split("\n").length <= 300, "docs/findings.md over 300 lines (its verdict history aside)");
    }

    /** @return README, CONTRIBUTING and the pages under docs/ (with or without docs/lab/), the articles left out */
    static List<Path> pages(boolean withLab) throws IOException {
        List<Path> all = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).filter(p -> withLab || !p.toString().contains("/lab/"))
                    .filter(p -> !p.toString().contains("/seeds/")).sorted().forEach(all::add);
        }
        return all;
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    private static List<String> links(String md) {
        List<String> out = new ArrayList<>();
        PARSER.parse(md).accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                out.add(link.getDestination());
                visitChildren(link);
            }
        });
        return out;
    }

    /** @return the anchors GitHub gives the page's headings: lower case, punctuation dropped, spaces as hyphens */
    private static Set<String> anchors(String md) {
        Set<String> out = new HashSet<>();
        List<String> seen = new ArrayList<>();
        PARSER.parse(md).accept(new AbstractVisitor() {
            @Override
            public void visit(Heading h) {
                StringBuilder text = new StringBuilder();
                h.accept(new AbstractVisitor() {
                    @Override
                    public void visit(Text t) {
                        text.append(t.getLiteral());
                    }

                    @Override
                    public void visit(Code c) {
                        text.append(c.getLiteral());
                    }
                });
                String a = text.toString().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-');
                long before = seen.stream().filter(a::equals).count();
                seen.add(a);
                out.add(before == 0 ? a : a + "-" + before);
            }
        });
        return out;
    }
}
