package io.poolbench.suite;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import io.poolbench.suite.aurora.AuroraReport;
import io.poolbench.suite.borrowers.BorrowersReport;
import io.poolbench.suite.check.CheckReport;
import io.poolbench.suite.compare.CompareReport;
import io.poolbench.suite.concurrency.ConcurrencyReport;
import io.poolbench.suite.connect.ConnectReport;
import io.poolbench.suite.poolsize.PoolSizeReport;
import io.poolbench.suite.sharedconnection.SharedConnectionReport;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.toxiproxy.drill.DrillReport;
import java.nio.file.Path;
import java.time.temporal.Temporal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The reference of a run directory's JSON files, {@code docs/reference/run-files.md}, generated from the records
 * they are written from: per command, each file's path, what it holds and its fields as Jackson names and writes
 * them (each record once, in a section of its own, linked from where it appears), so that the page cannot name a
 * field the code does not write. {@code RunFilesReferenceTest} fails when the committed page differs.
 */
public final class RunFilesReference {
    /** Where the page lives, relative to the project root. */
    public static final Path PAGE = Path.of("docs", "reference", "run-files.md");

    private RunFilesReference() {
    }

    /**
     * One command and the files it writes.
     *
     * @param command the command, as typed after {@code ./poolbench}
     * @param files its JSON files, paths relative to its run directory
     */
    record Section(String command, List<RunFile> files) {
    }

    /** @return every command's files, {@code run.json} first (every command writes it) */
    static List<Section> sections() {
        return List.of(new Section("every command", List.of(RunFile.of("run.json", "The run's manifest, rewritten"
                + " at every change: its layout (`format`), command line, settings, phases with their status and"
                + " the line and SHA-256 counts of their data files (so that `report` can tell a changed file).",
                Manifest.class))),
                new Section("compare", CompareReport.runFiles()),
                new Section("sweep pool-size", PoolSizeReport.runFiles()),
                new Section("sweep concurrency", ConcurrencyReport.runFiles()),
                new Section("sweep shared", SharedConnectionReport.runFiles()),
                new Section("sweep connect", ConnectReport.runFiles()),
                new Section("aurora", AuroraReport.runFiles()),
                new Section("drill", DrillReport.runFiles()),
                new Section("check", CheckReport.runFiles()),
                new Section("borrowers", BorrowersReport.runFiles()));
    }

    /**
     * @return the page, Markdown: a title, one section per command with a table of its files, then one section per
     *     record with its fields (name, JSON type), records in the order first met
     */
    public static String markdown() {
        StringBuilder md = new StringBuilder("""
                # The run directory's JSON files

                What each command writes as JSON into its run directory (beside its Markdown report, CSVs and logs),
                for scripts that read results. Generated from the records the files are written from:
                `RunFilesReferenceTest` writes this page to `suite/target/reference/run-files.md` at every build and
                fails when the committed copy differs. Field names and JSON types are Jackson's; what each field
                means is in the record's Javadoc (linked). Numbers carry their unit in their name (`…Ms`, `…S`,
                `…PerSecond`); a field may be `null` where a run did not produce it (a failed phase). How a run
                directory is made and kept: [runs.md](runs.md).
                """);
        Deque<Class<?>> toDescribe = new ArrayDeque<>();
        Set<Class<?>> described = new LinkedHashSet<>();
        for (Section s : sections()) {
            md.append("\n## ").append(s.command()).append("\n\n");
            Table t = Table.of("file", "what it holds", "record");
            for (RunFile f : s.files()) {
                String type = f.type() == null ? "–" : (f.list() ? "array of " : "") + link(f.type());
                t.markdownRow("`" + f.path() + "`", f.what(), type);
                if (f.type() != null) {
                    toDescribe.add(f.type());
                }
            }
            md.append(t.markdown());
        }
        md.append("\n## Records\n");
        while (!toDescribe.isEmpty()) {
            Class<?> c = toDescribe.poll();
            if (!described.add(c)) {
                continue;
            }
            md.append("\n### ").append(name(c)).append("\n\n[source](").append(source(c)).append(")\n\n");
            Table t = Table.of("field", "JSON type");
            BeanDescription d = ResultJson.MAPPER.getSerializationConfig()
                    .introspect(ResultJson.MAPPER.constructType(c));
            // the record's own order (reflection gives methods in no fixed order), then extra properties by name
            List<String> order = c.isRecord() ? java.util.Arrays.stream(c.getRecordComponents())
                    .map(java.lang.reflect.RecordComponent::getName).toList() : List.of();
            List<BeanPropertyDefinition> props = d.findProperties().stream().sorted(java.util.Comparator
                    .comparingInt((BeanPropertyDefinition p) -> order.contains(p.getInternalName())
                            ? order.indexOf(p.getInternalName()) : order.size())
                    .thenComparing(BeanPropertyDefinition::getName)).toList();
            for (BeanPropertyDefinition p : props) {
                if (p.couldSerialize()) {
                    t.markdownRow("`" + p.getName() + "`", json(p.getPrimaryType(), toDescribe));
                }
            }
            md.append(t.markdown());
        }
        return md.toString();
    }

    /** @return the JSON type of a Java type; records met are queued for a section of their own */
    static String json(JavaType t, Deque<Class<?>> toDescribe) {
        Class<?> c = t.getRawClass();
        if (t.isCollectionLikeType() || t.isArrayType()) {
            return "array of " + json(t.getContentType(), toDescribe);
        }
        if (t.isMapLikeType()) {
            return "object: " + json(t.getKeyType(), toDescribe) + " → " + json(t.getContentType(), toDescribe);
        }
        if (c == String.class || c == Path.class || c.isEnum() || Temporal.class.isAssignableFrom(c)
                || c == Character.class || c == char.class) {
            return c.isEnum() ? "string (" + String.join(", ", names(c)) + ")" : "string";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (c.isPrimitive() || Number.class.isAssignableFrom(c)) {
            return c.isPrimitive() ? "number" : "number or null";
        }
        if (JsonNode.class.isAssignableFrom(c) || c == Object.class) {
            return "any JSON";
        }
        if (c.isRecord() || c.getName().startsWith("io.poolbench.")) {
            toDescribe.add(c);
            return link(c);
        }
        return "object";
    }

    private static List<String> names(Class<?> e) {
        // Jackson writes an enum by its name unless told otherwise
        return java.util.Arrays.stream(e.getEnumConstants()).map(x -> ((Enum<?>) x).name()).toList();
    }

    /** @return the record's name with its enclosing classes, e.g. {@code AuroraData.Summary} */
    static String name(Class<?> c) {
        return c.getEnclosingClass() == null ? c.getSimpleName()
                : name(c.getEnclosingClass()) + "." + c.getSimpleName();
    }

    private static String link(Class<?> c) {
        return "[`" + name(c) + "`](#" + name(c).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "") + ")";
    }

    /** @return the record's source file, relative to this page */
    static String source(Class<?> c) {
        Class<?> top = c;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        String pkg = top.getPackageName();
        String module = pkg.startsWith("io.poolbench.suite") ? "suite"
                : pkg.startsWith("io.poolbench.testbed") ? "testbed"
                : pkg.startsWith("io.poolbench.toxiproxy") ? "toxiproxy"
                : pkg.startsWith("io.poolbench.bench") ? "pool-bench" : "webapp";
        return "../../" + module + "/src/main/java/" + top.getName().replace('.', '/') + ".java";
    }
}
