package io.poolbench.suite.aurora.faults;

import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunOutcome;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Aurora scenario's stalls ({@code --stall}), as the report shows them: the article's DBCP maxima, 21.6–24.6 s, sit near two
 * of its own 10-second settings in series ({@code maxWait} 10,000 ms plus a 10-s validation or connect timeout), so
 * a short outage of the writer's network, not queueing at the pool's limit, may have made them (the "other
 * explanation" of the 20-second class). Per run and stall: the requests it met (in flight at its start or started before its end), how many
 * failed and why, the longest of them in the servlet and in {@code getConnection()}, and the borrows longer than the
 * pool's timeout. The run's table above says whether the rest stayed normal (p90) while the maximum grew.
 */
public final class Stalls {
    private Stalls() {
    }

    /**
     * One stall of one run.
     *
     * @param n its number in the run, from 1
     * @param startEpochMs when it began
     * @param endEpochMs when it ended
     */
    public record Stall(int n, long startEpochMs, long endEpochMs) {
    }

    /**
     * What one stall did to the requests it met.
     *
     * @param stall the stall
     * @param met the requests it met: in flight at its start or started before its end
     */
    record Effect(Stall stall, RequestsMet met) {
    }

    /**
     * @param o a run's outcome
     * @return its stalls, from the events {@code stall-N} and {@code stall-N-end}; a stall without its end lasts to
     *     the end of the measured period
     */
    public static List<Stall> of(RunOutcome o) {
        List<Stall> out = new ArrayList<>();
        Map<String, Long> ev = o.writer().events();
        if (ev == null) {
            return out;
        }
        for (int n = 1; ev.containsKey("stall-" + n); n++) {
            Long end = ev.get("stall-" + n + "-end");
            out.add(new Stall(n, o.t0EpochMs() + ev.get("stall-" + n), end == null ? o.measureToEpochMs()
                    : o.t0EpochMs() + end));
        }
        return out;
    }

    /**
     * The windows whose requests belong to the stalls, not to the run's error budget: each stall from its start to
     * {@link FailoverRequests#SETTLE_MS} after its end.
     *
     * @param o a run's outcome
     * @return {@code {from, to}} in epoch ms, one per stall
     */
    public static List<long[]> windows(RunOutcome o) {
        return of(o).stream().map(s -> new long[] {s.startEpochMs(), s.endEpochMs() + FailoverRequests.SETTLE_MS})
                .toList();
    }

    /**
     * A pure function of the run's outcome and the webapp's record.
     *
     * @param o the run's outcome
     * @param log the webapp's record of every request
     * @return per stall, what it did
     */
    static List<Effect> effects(RunOutcome o, List<ScreenLog.Entry> log) {
        long limitMs = RequestsMet.limitMs(o);
        return of(o).stream().map(s -> new Effect(s, RequestsMet.of(log, s.startEpochMs(), s.endEpochMs(), limitMs)))
                .toList();
    }

    /**
     * @param o a run's outcome
     * @param log the webapp's record of every request
     * @return the requests the webapp began within the measured period: the denominator of the share a stall met
     *     (the article's shape, a normal p99 under ~20-s maxima, needs that share under 1 %)
     */
    static long measured(RunOutcome o, List<ScreenLog.Entry> log) {
        return log.stream().filter(e -> e.startEpochMs() >= o.measureFromEpochMs()
                && e.startEpochMs() < o.measureToEpochMs()).count();
    }

    /**
     * The report's section: one row per run and stall.
     *
     * @param runs each run's files
     * @return the Markdown; empty when no run stalled
     */
    public static String section(List<RunFiles> runs) {
        Table rows = Table.of("run", ">stall", ">length, s", ">requests met", ">share of the measured requests",
                "failed, by class", ">longest, ms", ">longest borrow, ms", ">borrows longer than the pool's timeout");
        for (RunFiles r : runs) {
            long measured = measured(r.outcome(), r.screens());
            for (Effect e : effects(r.outcome(), r.screens())) {
                String share = measured == 0 ? "–"
                        : String.format(Locale.ROOT, "%.2f %% of %,d", 100.0 * e.met().met() / measured, measured);
                rows.row(r.id(), Integer.toString(e.stall().n()), String.format(Locale.ROOT, "%.1f",
                        (e.stall().endEpochMs() - e.stall().startEpochMs()) / 1000.0), String.format(Locale.ROOT, "%,d",
                        e.met().met()), share, e.met().errors().isEmpty() ? "none" : e.met().errors().toString(),
                        String.format(Locale.ROOT, "%,.0f", e.met().longestMs()), String.format(Locale.ROOT, "%,.0f",
                        e.met().longestBorrowMs()), String.format(Locale.ROOT, "%,d", e.met().longBorrows()));
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "## Stalls of the writer's network\n\nThe writer's network stalled (`--stall`): nothing passed either"
                + " way, and what was sent was delivered when the stall ended (Toxiproxy's bandwidth toxic at 0),"
                + " as after a short outage; connections stayed open. Requests met: in flight at the stall's start or"
                + " started before its end (the webapp's record; their times are the servlet's). They and those"
                + " started within 5 s after it are left out of the error budget. The article's DBCP maxima,"
                + " 21.6–24.6 s, sit near two of its 10-s settings in series (maxWait 10,000 ms and a 10-s"
                + " validation or connect timeout): whether a stall can make them is what this measures; the"
                + " table above says whether p90 stayed normal meanwhile (p99 can stay normal only where a run's"
                + " stalls meet under 1 % of its measured requests).\n\n" + rows.markdown() + "\n";
    }
}
