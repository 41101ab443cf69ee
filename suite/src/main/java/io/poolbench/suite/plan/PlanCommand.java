package io.poolbench.suite.plan;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.PoolbenchCommand;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.model.Knee;
import io.poolbench.testbed.model.Workload;
import io.poolbench.testbed.options.BorrowOption;
import io.poolbench.testbed.options.ProfileOptions;
import io.poolbench.testbed.options.RateOption;
import io.poolbench.testbed.options.RttOption;
import io.poolbench.testbed.options.SpringOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.PoolReading;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.RunDirOptions;
import io.poolbench.testbed.spring.SpringContextXml;
import io.poolbench.testbed.spring.SpringDataSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code poolbench plan}: where a user's own pool breaks, predicted from its context.xml and the traffic. */
@Command(name = "plan",
        description = "Predicts, from a context.xml and your traffic alone (no database, no Docker: the pool is built"
                + " against a stub driver to read its settings), the borrow wait and response time, the load at"
                + " which the pool breaks at your round trip and the round trip at which it breaks at your load, and"
                + " the pool size Erlang C asks for. Defaults: the Aurora article's short screen (5 queries of 8 ms) at 1 ms."
                + " With --measure (Docker) the same traffic is then measured on the stand-in cluster and printed"
                + " beside the prediction; with --measure-knee the knee is found by search and set beside the predicted"
                + " one.",
        exitCodeList = {"0:the answer was printed", "1:--measure or --measure-knee: the measurement failed (its report says"
            + " why)",
            PoolbenchCommand.EXIT_BAD_INPUT, PoolbenchCommand.EXIT_INTERRUPTED})
public final class PlanCommand extends PoolbenchCommand {
    @Option(names = "--profile", required = true, paramLabel = "NAME|FILE",
            description = "The pool's context.xml, a profile name in webapp/conf, or a Spring Boot"
                    + " application.properties / application.yml (bound by Spring Boot itself, as check reads it).")
    String profile;

    @Mixin
    SpringOptions spring;

    @Option(names = "--rate", required = true, paramLabel = "PER_S", description = "Requests per second.")
    double rate;

    @Mixin
    RttOption rtt;

    @Option(names = "--query-ms", paramLabel = "MS",
            description = "Server time of one query, ms, the same for every request (default 8, the Aurora article's short"
                    + " screen); or give --query-p50-ms and --query-p90-ms for a log-normal spread.")
    Double holdMs;

    @Option(names = "--query-p50-ms", paramLabel = "MS", description = "Median server time of one query, ms.")
    Double holdP50;

    @Option(names = "--query-p90-ms", paramLabel = "MS", description = "90th percentile of it, ms.")
    Double holdP90;

    @Option(names = "--hold-ms", hidden = true, paramLabel = "MS")
    void formerHoldMs(double ms) {
        Cli.renamed("--hold-ms", "--query-ms", "per query; check's --request-hold-ms is per request");
        holdMs = holdMs == null ? ms : holdMs;
    }

    @Option(names = "--hold-p50", hidden = true, paramLabel = "MS")
    void formerHoldP50(double ms) {
        Cli.renamed("--hold-p50", "--query-p50-ms", "per query");
        holdP50 = holdP50 == null ? ms : holdP50;
    }

    @Option(names = "--hold-p90", hidden = true, paramLabel = "MS")
    void formerHoldP90(double ms) {
        Cli.renamed("--hold-p90", "--query-p90-ms", "per query");
        holdP90 = holdP90 == null ? ms : holdP90;
    }

    @Option(names = "--queries-per-request", defaultValue = "5", paramLabel = "N",
            description = "Queries one request runs (default ${DEFAULT-VALUE}).")
    int queries;

    @Mixin
    BorrowOption borrow;

    @Option(names = "--run-minutes", defaultValue = "45", paramLabel = "MIN",
            description = "Length of the simulated run: its maximum grows with it (default ${DEFAULT-VALUE}, the"
                    + " Aurora article's).")
    double runMinutes;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "The simulation's random seed.")
    long seed;

    @Mixin
    ProfileOptions profileOptions;

    @Option(names = "--measure", arity = "0..1", fallbackValue = "120", paramLabel = "S", description = "Then measure"
            + " the same traffic for S seconds (120 when left out) after a 20-s warm-up on the stand-in cluster"
            + " (Docker: MySQL behind Toxiproxy, the webapp with this pool, JMeter; the Aurora experiment with your"
            + " request as its only screen) and print it beside the prediction. Needs a fixed --query-ms and a whole"
            + " --rtt-ms.")
    Integer measureSeconds;

    @Option(names = "--measure-knee", description = "Then find the knee by search on the stand-in cluster (Docker;"
            + " `aurora --find-knee` with your request as its only screen: a light load of a tenth of the predicted"
            + " knee, then bisection up to twice it, 20-s cells after a 10-s warm-up; 3 to 6 minutes) and print it"
            + " beside the prediction. Needs a fixed --query-ms and a whole --rtt-ms; not with --measure.")
    boolean measureKnee;

    @Mixin
    RunDirOptions runDir;

    /** What measures the request on the stand-in; set where the command line is put together. */
    private ShortScreenMeasurement measurement;

    /**
     * @param m what runs the request as the Aurora scenario's paced short screen (the CLI's root wires the
     *     scenario's own, so that this package imports no scenario)
     * @return this command
     */
    public PlanCommand measureWith(ShortScreenMeasurement m) {
        this.measurement = m;
        return this;
    }

    private ShortScreenMeasurement measurement() {
        if (measurement == null) {
            throw new TestbedException("plan --measure: no measurement of the short screen is wired into this"
                    + " command line");
        }
        return measurement;
    }

    @Override
    public Integer call() throws Exception {
        boolean perQuery = borrow.pattern() == ScreenModel.Borrow.PER_QUERY;
        if (holdMs != null && (holdP50 != null || holdP90 != null)) {
            throw new TestbedException("give --query-ms, or --query-p50-ms with --query-p90-ms, not both");
        }
        if ((holdP50 == null) != (holdP90 == null)) {
            throw new TestbedException((holdP50 == null ? "--query-p90-ms needs --query-p50-ms"
                    : "--query-p50-ms needs --query-p90-ms")
                    + ": the two give the log-normal spread of a query's server time");
        }
        double p50 = holdP50 != null ? holdP50 : holdMs != null ? holdMs : ScreenModel.SHORT_QUERY_MS;
        double p90 = holdP90 != null ? holdP90 : p50;
        Cli.range("--run-minutes", runMinutes, 0.02, 24 * 60);
        Workload w;
        try {
            w = new Workload(RateOption.check(rate), queries, p50, p90, rtt.ms(), perQuery);
        } catch (IllegalArgumentException e) {
            throw new TestbedException(e.getMessage());
        }
        boolean measure = measureSeconds != null;
        if (measure && measureKnee) {
            throw new TestbedException("give --measure (your rate) or --measure-knee (the knee by search), not both");
        }
        PlanMeasurement.Length length = measure ? new PlanMeasurement.Length(measureSeconds,
                PlanMeasurement.WARMUP_SECONDS) : null;
        // a Spring Boot file: the pool it binds, as a context.xml (a measurement runs it in the webapp: MySQL only)
        List<String> warnings = new ArrayList<>();
        PoolProfile p;
        String read = null;
        if (ProfileDir.isSpringFile(profile)) {
            SpringDataSource s = SpringDataSource.bind(Path.of(profile), spring.springProfiles, spring.sets);
            warnings.addAll(s.notRead(SpringContextXml.kindOf(s).adapter().displayName()));
            read = s.describeFiles();
            p = SpringContextXml.read(s, measureSeconds != null || measureKnee);
        } else {
            p = profileOptions.load(profile, null);
        }
        warnings.addAll(p.warnings());
        PoolReading reading = PoolReading.of(p);
        if (measure || measureKnee) {
            String option = measure ? "--measure" : "--measure-knee";
            PlanMeasurement.check(w, option); // its one-line refusals before the prediction
            runDir.check();
            PlanMeasurement.requireCluster(option);
        }
        System.out.print(Plan.text(reading, w, runMinutes, seed, warnings, read));
        if (measureKnee) {
            return PlanKneeMeasurement.run(p, w, Knee.rate(reading.model(), w, seed), runDir, System.out,
                    measurement());
        }
        return measure ? PlanMeasurement.run(reading, p, w, length, runDir, seed, System.out, measurement()) : 0;
    }
}
