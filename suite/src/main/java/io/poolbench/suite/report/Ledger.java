package io.poolbench.suite.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.type.TypeReference;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.stats.Claim;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Verdict;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The verdict ledger: every comparison of every recorded run, one line each, in a CSV file the repository keeps
 * ({@code docs/lab/ledger.csv}) for the runs its docs cite, so that a finding's history across runs can be read
 * ({@link VerdictHistory}). A suite run gives the rows of its verdict table as it printed them
 * ({@link VerdictTable#JSON}, Holm's adjustment and the A/A floor applied); a scenario's own run gives the
 * comparisons its findings state, adjusted over that run's family the same way ({@link VerdictTable#rows}).
 */
public final class Ledger {
    /** The ledger the repository keeps, from the project root. */
    public static final Path FILE = Path.of("docs", "lab", "ledger.csv");
    private static final String[] HEADER = {"run", "commit", "command", "preset", "question", "measure", "a", "b",
        "ratio", "estimate", "low", "high", "n", "p", "holmP", "verdict", "leader", "aa", "margin"};

    private Ledger() {
    }

    /**
     * One comparison of one run.
     *
     * @param run the run's start, ISO-8601 (its identity in the ledger)
     * @param commit the poolbench commit that ran it, {@code -dirty} when the checkout had changes; "unknown" where
     *     the run did not record one
     * @param command the command line's subcommand ({@code run}, {@code aurora}, {@code sweep pool-size})
     * @param preset the suite's preset (quick or full); "–" for a scenario's own run
     * @param question the finding it belongs to (the claim's leading phrase)
     * @param c the comparison as the run computed it
     * @param p its own p-value; NaN without an interval
     * @param holmP adjusted over its run's family (Holm); NaN without an interval or for an A/A row
     * @param verdict the verdict the run's table gave it (after Holm and the A/A floor)
     */
    public record Entry(String run, String commit, String command, String preset, String question, Comparison c,
            double p, double holmP, Verdict verdict) {
        /** @return the finding and comparison this line is a history point of: question, measure, A and B */
        public String key() {
            return question + " | " + c.measure() + " | " + c.a() + " vs " + c.b();
        }

        /** @return the verdict in words, with the variant ahead where one was: {@code ahead: HikariCP (hikari)} */
        public String outcome() {
            return switch (verdict) {
                case AHEAD -> "ahead: " + c.leader();
                case NO_DIFFERENCE -> "not shown to differ";
                case ALIKE -> "alike within ±" + c.marginText();
                case ONE_ROUND -> "one round";
            };
        }
    }

    /** A row of a suite run's {@code verdicts.json} as written, its verdict as printed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Recorded(String question, Comparison c, double p, double holmP, Verdict verdict) {
    }

    /**
     * Reads a run directory's comparisons.
     *
     * @param runDir a suite run ({@code run}, with {@code verdicts.json}) or a scenario's own run
     * @param findingsOf for a scenario's own run, the claims its findings state, by the manifest's command
     *     ({@code aurora}, {@code sweep pool-size}); null when the command is no scenario
     * @return its comparisons, A/A rows included, in the run's order
     * @throws TestbedException one line: no run directory, a run that did not finish, or one without comparisons
     */
    public static List<Entry> of(Path runDir, Function<String, Function<Path, List<Claim>>> findingsOf) {
        Manifest m = Manifest.read(runDir);
        if (!"ok".equals(m.status()) && !"failed".equals(m.status())) {
            throw new TestbedException(runDir + " is a run that did not finish (" + m.status() + "): its verdicts are"
                    + " no history point; leave it out");
        }
        String commit = m.environment() == null ? null : m.environment().get("commit");
        String c = commit == null || commit.isBlank() ? "unknown" : commit;
        String preset = "run".equals(m.command()) && m.settings() != null && m.settings().hasNonNull("preset")
                ? m.settings().get("preset").asText() : "–";
        List<Entry> out = new ArrayList<>();
        if ("run".equals(m.command())) {
            Path json = runDir.resolve(VerdictTable.JSON);
            List<Recorded> rows = ResultJson.readIfPresent(json, new TypeReference<List<Recorded>>() {
            }).orElseThrow(() -> new TestbedException(runDir + " has no readable " + VerdictTable.JSON + ": rebuild"
                    + " its report (./poolbench report " + runDir + ") or leave it out"));
            rows.forEach(r -> out.add(new Entry(m.startedAt(), c, m.command(), preset, r.question(), r.c(), r.p(),
                    r.holmP(), r.verdict())));
        } else {
            Function<Path, List<Claim>> findings = findingsOf.apply(m.command());
            if (findings == null) {
                throw new TestbedException(runDir + " is a run of " + m.command() + ", which compares no variants"
                        + " over rounds: pass a suite run or a scenario's run");
            }
            VerdictTable.rows(findings.apply(runDir)).forEach(r -> out.add(new Entry(m.startedAt(), c, m.command(),
                    preset, r.question(), r.c(), r.p(), r.holmP(), r.verdict())));
        }
        // a comparison from one round has no verdict to keep a history of
        out.removeIf(e -> e.verdict() == Verdict.ONE_ROUND);
        if (out.isEmpty()) {
            throw new TestbedException(runDir + " states no comparison over rounds (one round, or no data): nothing"
                    + " to record");
        }
        return out;
    }

    /**
     * @param ledger the entries so far
     * @param added a run's entries
     * @return the ledger with that run's entries in place of any it had of the same run, ordered by run start
     */
    public static List<Entry> merge(List<Entry> ledger, List<Entry> added) {
        List<String> runs = added.stream().map(Entry::run).distinct().toList();
        List<Entry> out = new ArrayList<>(ledger.stream().filter(e -> !runs.contains(e.run())).toList());
        out.addAll(added);
        out.sort(Comparator.comparing(Entry::run));
        return out;
    }

    /**
     * @param csv the ledger file
     * @return its entries; none when the file does not exist
     * @throws TestbedException one line when it is no ledger (a missing column, a number that is none)
     */
    public static List<Entry> read(Path csv) {
        if (!Files.exists(csv)) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(csv)) {
            for (CSVRecord x : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                Verdict v = Verdict.valueOf(x.get("verdict"));
                Comparison c = new Comparison(x.get("measure"), x.get("a"), x.get("b"),
                        Boolean.parseBoolean(x.get("ratio")), num(x.get("estimate")), num(x.get("low")),
                        num(x.get("high")), Integer.parseInt(x.get("n")), v, x.get("leader"),
                        Boolean.parseBoolean(x.get("aa")), num(x.get("margin")));
                out.add(new Entry(x.get("run"), x.get("commit"), x.get("command"), x.get("preset"),
                        x.get("question"), c, num(x.get("p")), num(x.get("holmP")), v));
            }
        } catch (IOException | IllegalArgumentException e) {
            throw new TestbedException(csv + " is no verdict ledger (" + e.getMessage() + "): restore it from git");
        }
        return out;
    }

    /**
     * @param entries the ledger
     * @return it as CSV, a header line first; numbers with full precision, NaN as an empty field
     */
    public static String csv(List<Entry> entries) {
        StringWriter w = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(HEADER)
                .setRecordSeparator('\n').get())) {
            for (Entry e : entries) {
                Comparison c = e.c();
                p.printRecord(e.run(), e.commit(), e.command(), e.preset(), e.question(), c.measure(), c.a(), c.b(),
                        c.ratio(), text(c.estimate()), text(c.low()), text(c.high()), c.n(), text(e.p()),
                        text(e.holmP()), e.verdict().name(), c.leader(), c.noiseFloor(), text(c.margin()));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return w.toString();
    }

    private static String text(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static double num(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }
}
