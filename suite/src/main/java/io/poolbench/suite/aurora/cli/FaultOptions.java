package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.run.InjectedFailover;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.fault.Fault;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What the Aurora scenario does to the writer during each measured period, and the recording that explains it (a picocli
 * mixin of {@code aurora}): a failover in the middle ({@code --failover[=planned|unplanned|stale]}), optionally with
 * a control twin per profile ({@code --control}), or network stalls of given lengths ({@code --stall}), one or the
 * other; the webapp's JFR recording ({@code --jfr}) is on by default with either.
 */
final class FaultOptions {
    @Option(names = "--failover", arity = "0..1", fallbackValue = "planned", paramLabel = "KIND",
            description = "Inject a failover in the middle of each measured period: planned (the default), unplanned"
                    + " (the writer stops answering; B promoted and the old writer rebooted later) or stale (B promoted,"
                    + " the writer endpoint flapping between B and the old writer for a while), as the drills do; when,"
                    + " in docs/reference/stand-in-timeline.md.")
    String failover;

    @Option(names = "--control", description = "With --failover: every profile also runs once per round without the"
            + " failover (its control twin, <profile>~control), same load, marked when the failover would have been"
            + " injected. The report then judges \"clogged\" against it: the borrow wait after the failover's first"
            + " write beside the control's after the same moment, paired within each round.")
    boolean control;

    @Option(names = "--stall", split = ",", paramLabel = "S", description = "Stall the writer's network for S seconds"
            + " (1 to " + Fault.MAX_STALL_SECONDS + "), once per value, spread evenly over each measured period (e.g. --stall 12,4): nothing passes either way"
            + " and what was sent is delivered when the stall ends, as after a short outage; connections stay open."
            + " The other explanation of the article's 20-second maxima. Not with --failover.")
    List<Integer> stallSeconds = new ArrayList<>();

    @Option(names = "--jfr", negatable = true, description = "Record each run's webapp with Java Flight Recorder"
            + " (webapp.jfr in the run's directory; default: on with --failover or --stall): the report then gives"
            + " where request threads waited, before the failover and from it on: parked or blocked inside the"
            + " pool's getConnection(), reading the database's answers in it, in the request's work, on the pool's"
            + " own threads.")
    Boolean jfr;

    /**
     * @throws TestbedException one line for an unknown failover kind, or {@code --control} without {@code --failover}
     */
    void check() {
        if (failover != null) {
            InjectedFailover.parse(failover);
        }
        if (control && failover == null) {
            throw new TestbedException("--control runs a failover's control twin: give it with --failover");
        }
    }

    /**
     * @param runs each profile's run
     * @return the runs, each followed by its control twin with {@code --control}
     */
    List<LoadRun> withControls(List<LoadRun> runs) {
        if (!control) {
            return runs;
        }
        List<LoadRun> out = new ArrayList<>();
        runs.forEach(r -> {
            out.add(r);
            out.add(r.controlTwin());
        });
        return out;
    }

    /** @return true when a failover was asked for */
    boolean failsOver() {
        return failover != null;
    }

    /** @return true when something is done to the writer during the measured period */
    boolean injects() {
        return failsOver() || !stallSeconds.isEmpty();
    }

    /** @return whether to record the webapp: as given, else with a failover or a stall */
    boolean recording() {
        return jfr == null ? injects() : jfr;
    }
}
