package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Node;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.Code;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

/**
 * docs/concepts.md holds every term of poolbench's own vocabulary that a page uses: each term below that a page of
 * the manual (README, CONTRIBUTING, docs/ without the dated lab records and the articles) uses must be defined in
 * concepts.md, in bold or in a heading. A new word of the project's goes into this list and into concepts.md.
 */
class GlossaryTest {
    /** The project's own words: what a reader cannot look up elsewhere. */
    static final List<String> TERMS = List.of("round", "verdict", "not shown to differ", "alike", "family",
            "A/A twin", "false-verdict rate", "ledger", "held", "screen", "screen pick", "pool-timeout",
            "connect-failed", "connection-lost", "read-only", "writer check", "the window", "serves again",
            "longest wait", "knee", "bottleneck", "intended start", "open loop", "closed loop", "clogged",
            "control twin", "planned", "unplanned", "stale endpoint", "stall", "black hole", "silent after acknowledge",
            "reboot", "dns-flip", "TCP branch", "stub driver", "stand-in", "harness", "coordinated omission",
            "light load", "achieved rate", "chain of timeouts", "DNS window", "record TTL", "preset", "fork mean");

    private static final Path ROOT = Path.of("..");

    @Test
    void everyTermAPageUsesIsDefinedInConcepts() throws Exception {
        Set<String> defined = defined(Files.readString(ROOT.resolve("docs/concepts.md")));
        List<String> missing = new ArrayList<>();
        for (String term : TERMS) {
            boolean isDefined = defined.stream().anyMatch(d -> d.contains(term.toLowerCase(Locale.ROOT)));
            if (!isDefined) {
                List<String> users = pagesUsing(term);
                if (!users.isEmpty()) {
                    missing.add(term + " (used in " + users + ")");
                }
            }
        }
        assertEquals(List.of(), missing, "terms the pages use that docs/concepts.md does not define (in bold or a"
                + " heading)");
    }

    /** @return the lower-cased text of every bold span and heading of the page */
    static Set<String> defined(String page) {
        Set<String> out = new TreeSet<>();
        Parser.builder().build().parse(page).accept(new AbstractVisitor() {
            @Override
            public void visit(StrongEmphasis s) {
                out.add(text(s));
            }

            @Override
            public void visit(Heading h) {
                out.add(text(h));
            }
        });
        return out;
    }

    private static String text(Node n) {
        StringBuilder sb = new StringBuilder();
        n.accept(new AbstractVisitor() {
            @Override
            public void visit(Text t) {
                sb.append(t.getLiteral());
            }

            @Override
            public void visit(Code c) {
                sb.append(c.getLiteral());
            }
        });
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    private static List<String> pagesUsing(String term) throws Exception {
        Pattern p = Pattern.compile("(?i)(?<![\\w-])" + Pattern.quote(term) + "(?![\\w-])");
        List<String> out = new ArrayList<>();
        List<Path> pages = DocsTest.pages(false).stream().filter(f -> !f.endsWith("concepts.md")).toList();
        for (Path f : pages) {
            if (p.matcher(Files.readString(f)).find()) {
                out.add(ROOT.relativize(f).toString());
            }
        }
        return out;
    }
}
