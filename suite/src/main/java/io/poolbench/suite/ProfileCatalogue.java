package io.poolbench.suite;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The catalogue of shipped profiles, {@code docs/reference/profile-catalogue.md}, generated from the files themselves:
 * for every {@code webapp/conf/*.xml} the pool its factory builds, the size, borrow timeout and validation on borrow
 * read back from that pool built on the stub driver (as {@code plan} reads them), the database its URL names, and the
 * first sentence of the file's own comment. {@code ProfileCatalogueTest} fails when the committed page differs.
 */
public final class ProfileCatalogue {
    /** Where the page lives, relative to the project root. */
    public static final Path PAGE = Path.of("docs", "reference", "profile-catalogue.md");
    private static final Pattern COMMENT = Pattern.compile("<!--(.*?)-->", Pattern.DOTALL);

    private ProfileCatalogue() {
    }

    /**
     * @param conf the profile directory ({@code webapp/conf})
     * @return the page, Markdown: a title, a line on how it is made, one table row per profile in file-name order
     * @throws IOException when the directory cannot be listed or a file read
     */
    public static String markdown(Path conf) throws IOException {
        Table t = Table.of("profile", "pool", ">size", ">borrow timeout", "validation on borrow", "database",
                "what it is");
        List<Path> files;
        try (Stream<Path> s = Files.list(conf)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".xml")).sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString().replaceFirst("\\.xml$", "");
            String about = MarkdownText.cell(firstSentence(Files.readString(f, StandardCharsets.UTF_8)));
            PoolProfile p;
            try {
                p = PoolProfile.load(f);
            } catch (TestbedException e) {
                t.markdownRow("`" + name + "`", "not a JDBC pool (R2DBC or another resource)", "–", "–", "–", "–",
                        about);
                continue;
            }
            String db = p.urlScheme() == null ? "any: the run's" : p.urlScheme();
            try {
                PoolReading r = PoolReading.of(p);
                long timeout = r.model().borrowTimeoutMs();
                t.markdownRow("`" + name + "`", MarkdownText.cell(r.pool()), Integer.toString(r.model().size()),
                        timeout > 0
                        ? Figures.plain(timeout / 1000.0) + " s" : "none", MarkdownText.cell(r.model().check().text()),
                        db, about);
            } catch (TestbedException e) {
                t.markdownRow("`" + name + "`", MarkdownText.cell(p.kind().adapter().displayName()), "–", "–", "–",
                        db, about);
            }
        }
        return "# Profile catalogue\n\nEvery profile shipped in `webapp/conf/`, as its own pool reads it. Generated:"
                + " each pool is built from its file on the stub driver and read back (as `plan` reads it);"
                + " `ProfileCatalogueTest` writes this page to `suite/target/reference/profile-catalogue.md` at every"
                + " build and fails when the committed copy differs. What each setting means and the traps:"
                + " [profiles.md](profiles.md).\n\n" + t.markdown();
    }

    /** @return the first sentence of the file's first comment, whitespace collapsed; empty without a comment */
    static String firstSentence(String xml) {
        Matcher m = COMMENT.matcher(xml);
        if (!m.find()) {
            return "";
        }
        String text = m.group(1).replaceAll("\\s+", " ").strip();
        // the first full stop, colon or semicolon outside brackets, followed by a space or the end
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && (c == '.' || c == ':' || c == ';') && (i + 1 == text.length()
                    || text.charAt(i + 1) == ' ')) {
                return text.substring(0, i);
            }
        }
        return text;
    }
}
