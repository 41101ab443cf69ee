package io.poolbench.suite.borrowers;

import io.poolbench.testbed.Figures;
import io.poolbench.testbed.load.BorrowerResult;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.report.RunFile;
import io.poolbench.testbed.report.Table;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.RunRecord;
import io.poolbench.testbed.run.WithoutResult;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;

/**
 * The borrowers scenario's report, {@code borrowers/summary.md}: per variant the medians over the rounds (borrows per
 * ms, CPU µs per borrow), the pinned events and their time summed with the frames that pinned, the share of samples
 * in a yield or spin-wait; then the comparisons taken within each round: virtual ÷ platform per pool, the newer pool
 * version ÷ the older and the newer driver ÷ the older (Maven's ordering of versions), as a ratio with Student's t
 * 95 % interval over the rounds, a verdict only where it excludes 1.
 */
public final class BorrowersReport {
    /** The scenario's directory in the run directory. */
    /** The run directory's sub-directory of the probes' files and the summary. */
    public static final String DIR = "borrowers";
    private static final Pattern FILE = Pattern.compile("(.+)\\.r(\\d+)\\.json");

    private BorrowersReport() {
    }

    /** @return the JSON files a borrowers run writes, for {@code docs/reference/run-files.md} */
    public static List<RunFile> runFiles() {
        return List.of(RunFile.of(DIR + "/<variant>.r<round>.json", "One probe: a pool (at a version) on one kind of"
                + " thread with one hold, its measured period's borrows, CPU, pinned events and samples.",
                BorrowerResult.class));
    }

    /**
     * One probe's result with its variant's id ({@link Variant#id()}) and round.
     *
     * @param variant e.g. {@code hikari@7.1.0-RC1-virtual-hold0}
     * @param round from 1
     * @param r what it measured
     */
    record Probe(String variant, int round, BorrowerResult r) {
        /** @return the id without the thread kind and hold the result names: the profile and the version asked */
        private String pool() {
            String suffix = "-" + r.threads() + "-hold" + r.holdUs();
            return variant.endsWith(suffix) ? variant.substring(0, variant.length() - suffix.length()) : variant;
        }

        /** @return the pool without the driver's version: {@code hikari@7.1.0} of {@code hikari@7.1.0+driver8.0.33} */
        private String poolOnly() {
            int d = pool().indexOf(Variant.DRIVER);
            return d < 0 ? pool() : pool().substring(0, d);
        }

        /** @return the version asked for (after {@code @}, hyphens and all); null for the one poolbench pins */
        String version() {
            int at = poolOnly().indexOf('@');
            return at < 0 ? null : poolOnly().substring(at + 1);
        }

        /** @return the driver version asked for; null for the one poolbench pins */
        String driverVersion() {
            int d = pool().indexOf(Variant.DRIVER);
            return d < 0 ? null : pool().substring(d + Variant.DRIVER.length());
        }

        /** @return what a driver ratio compares within: the variant without its driver's version */
        String withoutDriver() {
            return poolOnly() + "-" + r.threads() + "-hold" + r.holdUs();
        }

        /** @return what a virtual ÷ platform ratio compares within: the variant without its thread kind */
        String withoutThreads() {
            return pool() + "-hold" + r.holdUs();
        }

        /** @return what a version ratio compares within: the variant without its pool's version */
        String withoutVersion() {
            int at = poolOnly().indexOf('@');
            String driver = driverVersion() == null ? "" : Variant.DRIVER + driverVersion();
            return (at < 0 ? poolOnly() : poolOnly().substring(0, at)) + driver + "-" + r.threads() + "-hold"
                    + r.holdUs();
        }
    }

    /**
     * @param file a probe's JSON
     * @return its result
     * @throws IOException when it cannot be read
     */
    static BorrowerResult read(Path file) throws IOException {
        return ResultJson.MAPPER.readValue(file.toFile(), BorrowerResult.class);
    }

    /** @return one line: borrows per ms, CPU per borrow, pinned events, spin share */
    static String line(BorrowerResult r) {
        return String.format(Locale.ROOT, "%s borrows/ms, %s µs CPU a borrow, %s, %d pinned (%s ms), %s of samples"
                + " spinning%s", Figures.sig3(r.borrowsPerMs()), Figures.sig3(r.cpuUsPerBorrow()),
                r.borrowWaitP99Us() == null ? "no borrow completed" : "borrow wait p99 "
                + Figures.sig3(r.borrowWaitP99Us()) + " µs" + (r.starvedBorrowers() == null ? "" : ", "
                + r.starvedBorrowers() + " borrowers starved"), r.pinnedEvents(),
                Figures.sig3(r.pinnedMs()),
                share(r.spinSamples(), r.samples()), r.stuckBorrowers() == 0 ? "" : ", " + r.stuckBorrowers()
                + " borrowers stuck in the pool");
    }

    /**
     * Writes {@code borrowers/summary.md} from the probes' files.
     *
     * @param dir the run directory
     * @return the Markdown
     * @throws IOException when a file cannot be read or the summary written
     */
    public static String write(Path dir) throws IOException {
        List<Probe> probes = new ArrayList<>();
        Path data = dir.resolve(DIR);
        if (Files.isDirectory(data)) {
            try (Stream<Path> s = Files.list(data)) {
                for (Path f : s.sorted().toList()) {
                    Matcher m = FILE.matcher(f.getFileName().toString());
                    if (m.matches()) {
                        probes.add(new Probe(m.group(1), Integer.parseInt(m.group(2)), read(f)));
                    }
                }
            }
        }
        List<PhaseEntry> failed = Files.isRegularFile(dir.resolve(RunRecord.MANIFEST)) ? WithoutResult.of(
                Manifest.read(dir).phases().stream().filter(p -> p.id().startsWith("probe:")).toList(),
                id -> id.substring("probe:".length())) : List.of();
        String md = markdown(probes, failed);
        Files.createDirectories(data);
        Files.writeString(data.resolve("summary.md"), md);
        return md;
    }

    /**
     * The report (a pure function).
     *
     * @param probes every probe that left a result
     * @param failed the probes that left none ({@link WithoutResult#of})
     * @return Markdown
     */
    static String markdown(List<Probe> probes, List<PhaseEntry> failed) {
        StringBuilder md = new StringBuilder("# Borrowers on virtual and platform threads\n\n");
        if (!failed.isEmpty()) {
            md.append("Probes without a result (the table counts only those that left one; its n says how many):\n\n")
                    .append(WithoutResult.table(failed)).append('\n');
        }
        if (probes.isEmpty()) {
            return md.append("No probe left a result (see the run's phases).\n").toString();
        }
        BorrowerResult any = probes.get(0).r();
        boolean stub = "stub".equals(any.driver());
        String carriers = probes.stream().anyMatch(p -> "virtual".equals(p.r().threads())) ? ", virtual threads on "
                + any.carriers() + " carriers" : "";
        md.append(String.format(Locale.ROOT, "%d borrowers against one pool %s, %s%s;"
                + " medians over the rounds after each probe's warm-up (excluded). CPU: the probe process's, all its"
                + " threads, per borrow. Borrow wait: the time `getConnection()` took, per borrow completed in the"
                + " measured period (HdrHistogram), its p99 with the longest of any round; a borrow that never"
                + " completed is in no percentile: starved borrowers completed none in the measured period (median"
                + " over the rounds, the most of any round), beside the longest getConnection() still under way at its"
                + " end (counted from the call, the warm-up included). Pinned: JFR's `jdk.VirtualThreadPinned` (threshold 0) summed over the"
                + " rounds, with their total time, by the first frame outside the JDK. Spinning: JFR execution"
                + " samples whose top frame is a"
                + " yield or spin-wait (a platform thread inside the native `Thread.yield` is not sampled: the CPU"
                + " per borrow is the figure that holds).%n%n", any.borrowers(), stub ? "on the stub driver (no"
                + " network)" : "on a database, each borrow running SELECT 1", any.java(), carriers));
        Map<String, List<Probe>> byVariant = new TreeMap<>();
        probes.forEach(p -> byVariant.computeIfAbsent(p.variant(), x -> new ArrayList<>()).add(p));
        Table t = Table.of("variant", "pool version", "driver", ">borrows/ms", ">CPU µs a borrow",
                ">borrow wait p99 µs", ">starved borrowers (most; longest wait under way)", ">pinned events",
                ">pinned ms", "pinned at", ">samples spinning", ">stuck borrowers (most)", ">n");
        for (Map.Entry<String, List<Probe>> e : byVariant.entrySet()) {
            List<BorrowerResult> rs = e.getValue().stream().map(Probe::r).toList();
            Map<String, Long> frames = new LinkedHashMap<>();
            rs.forEach(r -> r.pinnedTopFrames().forEach((k, v) -> frames.merge(k, v, Long::sum)));
            long pinned = rs.stream().mapToLong(BorrowerResult::pinnedEvents).sum();
            t.row(e.getKey(), rs.get(0).poolVersion() == null ? "–" : rs.get(0).poolVersion(), driver(rs.get(0)),
                    Figures.sig3(median(rs, BorrowerResult::borrowsPerMs)),
                    Figures.sig3(median(rs, BorrowerResult::cpuUsPerBorrow)), borrowWait(rs), starved(rs),
                    Long.toString(pinned),
                    Figures.sig3(rs.stream().mapToDouble(BorrowerResult::pinnedMs).sum()),
                    frames.isEmpty() ? "–" : String.join("; ", frames.entrySet().stream().limit(3)
                            .map(x -> x.getKey() + " " + x.getValue()).toList()),
                    share(rs.stream().mapToLong(BorrowerResult::spinSamples).sum(),
                            rs.stream().mapToLong(BorrowerResult::samples).sum()),
                    Long.toString(rs.stream().mapToLong(BorrowerResult::stuckBorrowers).max().orElse(0)),
                    Integer.toString(rs.size()));
        }
        md.append(t.markdown()).append('\n');
        List<String> lines = new ArrayList<>();
        lines.addAll(compare(probes, "virtual ÷ platform", Probe::withoutThreads, (a, b) -> "virtual".equals(
                a.r().threads())));
        lines.addAll(compare(probes, "newer version ÷ older", Probe::withoutVersion, (a, b) -> newer(a.version(),
                b.version())));
        lines.addAll(compare(probes, "newer driver ÷ older", Probe::withoutDriver, (a, b) -> newer(
                a.driverVersion(), b.driverVersion())));
        if (!lines.isEmpty()) {
            md.append("Within each round, then over the rounds (a verdict only where the 95 % interval excludes"
                    + " 1):\n\n");
            lines.forEach(l -> md.append("- ").append(l).append('\n'));
        }
        return md.toString();
    }

    /**
     * Ratios within each round between the variants of a group.
     *
     * @param probes every probe
     * @param what the comparison's name
     * @param group the key two variants share when they are compared
     * @param firstAbove for a probe of each of two variants: whether the first's variant is above the line
     * @return one line per pair and figure
     */
    private static List<String> compare(List<Probe> probes, String what, Function<Probe, String> group,
            BiPredicate<Probe, Probe> firstAbove) {
        Map<String, Map<String, Map<Integer, BorrowerResult>>> groups = new TreeMap<>();
        for (Probe p : probes) {
            groups.computeIfAbsent(group.apply(p), x -> new TreeMap<>()).computeIfAbsent(p.variant(),
                    x -> new TreeMap<>()).put(p.round(), p.r());
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, Map<Integer, BorrowerResult>>> g : groups.entrySet()) {
            if (g.getValue().size() != 2) {
                continue;
            }
            List<String> names = new ArrayList<>(g.getValue().keySet());
            boolean above = firstAbove.test(probeOf(probes, names.get(0)), probeOf(probes, names.get(1)));
            String top = above ? names.get(0) : names.get(1);
            String bottom = above ? names.get(1) : names.get(0);
            Map<Integer, BorrowerResult> a = g.getValue().get(top);
            Map<Integer, BorrowerResult> b = g.getValue().get(bottom);
            for (String figure : List.of("borrows/ms", "CPU µs a borrow")) {
                Function<BorrowerResult, Double> f = figure.equals("borrows/ms") ? BorrowerResult::borrowsPerMs
                        : BorrowerResult::cpuUsPerBorrow;
                double[] ratios = a.keySet().stream().filter(b::containsKey).mapToDouble(r -> f.apply(a.get(r))
                        / f.apply(b.get(r))).filter(x -> x > 0 && Double.isFinite(x)).toArray();
                if (ratios.length == 0) {
                    continue;
                }
                RatioInterval ri = RatioInterval.of(ratios);
                out.add(String.format(Locale.ROOT, "%s%s, %s: %s ÷ %s %s (95 %% interval %s, n = %d)%s",
                        ri.n() > 1 && ri.excludesOne() ? "**" : "", what, figure, top, bottom, Figures.sig3(ri.ratio()),
                        ri.n() > 1 ? Figures.sig3(ri.low()) + "–" + Figures.sig3(ri.high()) : "one round, none",
                        ri.n(), ri.n() > 1 && ri.excludesOne() ? "**" : ri.n() > 1 ? ": not shown to differ" : ""));
            }
        }
        return out;
    }

    /** @return the driver as it names itself, without a build's revision: {@code MySQL Connector/J mysql-connector-j-8.0.33} */
    static String driver(BorrowerResult r) {
        int rev = r.driver().indexOf(" (Revision");
        return rev < 0 ? r.driver() : r.driver().substring(0, rev);
    }

    private static Probe probeOf(List<Probe> probes, String variant) {
        return probes.stream().filter(p -> p.variant().equals(variant)).findFirst().orElseThrow();
    }

    /**
     * @param a a version, e.g. {@code 7.10.0}; null for the pinned one
     * @param b another
     * @return true when {@code a} is the newer by Maven's own ordering of versions (the pinned one counts as oldest)
     */
    static boolean newer(String a, String b) {
        if (a == null || b == null) {
            return b == null && a != null;
        }
        try {
            GenericVersionScheme v = new GenericVersionScheme();
            return v.parseVersion(a).compareTo(v.parseVersion(b)) > 0;
        } catch (InvalidVersionSpecificationException e) {
            return a.compareTo(b) > 0;
        }
    }

    private static double median(List<BorrowerResult> rs, Function<BorrowerResult, Double> f) {
        // Commons Math's median: the middle value, or the midpoint of the two middle values; NaN for none
        return new Median().evaluate(rs.stream().map(f).filter(Double::isFinite).mapToDouble(Double::doubleValue)
                .toArray());
    }

    /**
     * @return the median over the rounds of the probes' p99 borrow wait, µs, with the longest wait of any round;
     *     {@code –} when no probe measured it (none completed a borrow, or its result predates the measure)
     */
    private static String borrowWait(List<BorrowerResult> rs) {
        List<BorrowerResult> measured = rs.stream().filter(r -> r.borrowWaitP99Us() != null).toList();
        if (measured.isEmpty()) {
            return "–";
        }
        double max = measured.stream().mapToDouble(BorrowerResult::borrowWaitMaxUs).max().orElse(Double.NaN);
        return Figures.sig3(median(measured, BorrowerResult::borrowWaitP99Us)) + " (max " + Figures.sig3(max) + ")";
    }

    /**
     * @return the borrowers left without a borrow in the measured period, the median over the rounds with the most
     *     of any round, and the longest wait still under way at its end (ms, warm-up included when the wait began in
     *     it); {@code –} when no probe measured it
     */
    private static String starved(List<BorrowerResult> rs) {
        List<BorrowerResult> measured = rs.stream().filter(r -> r.starvedBorrowers() != null).toList();
        if (measured.isEmpty()) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,.0f (most %,d; %s ms)", median(measured, r ->
                r.starvedBorrowers().doubleValue()), measured.stream().mapToInt(BorrowerResult::starvedBorrowers)
                .max().orElse(0), Figures.sig3(measured.stream().mapToDouble(BorrowerResult::longestWaitingMs).max()
                .orElse(0)));
    }

    private static String share(long part, long all) {
        return all == 0 ? "–" : String.format(Locale.ROOT, "%.1f %%", 100.0 * part / all);
    }
}
