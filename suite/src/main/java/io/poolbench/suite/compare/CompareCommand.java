package io.poolbench.suite.compare;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.versions.PoolVersionOption;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.options.ErrorBudgetOption;
import io.poolbench.testbed.options.MaxThreadsOption;
import io.poolbench.testbed.options.ProfileOptions;
import io.poolbench.testbed.options.ProfilesOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.options.ThinkTimeOption;
import io.poolbench.testbed.options.TraceJdbcOption;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileVariables;
import io.poolbench.testbed.run.Progress;
import io.poolbench.testbed.run.ScenarioCommand;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** JMH and the web load per profile (the suite's {@code compare} scenario). */
@Command(name = "compare",
        description = "JMH borrow/return for each profile, then the webapp under the JMeter plan for each"
                + " profile (the suite's first scenario); writes run.json (the manifest), summary.md, summary.json and charts to its run"
                + " directory. Rounds apply to the web load: the first profile against each other one, within each"
                + " round. A profile given two versions (--pool-version hikari=7.0.2,7.1.0) runs as two profiles,"
                + " hikari@7.0.2 and hikari@7.1.0, each version's jar first on JMH's and the webapp's class path.")
public final class CompareCommand extends ScenarioCommand {
    @Option(names = "--preset", defaultValue = "quick", paramLabel = "quick|full",
            description = "quick (JMH 3 forks x 3 x 1 s; 3 rounds of 20 s of load per profile) or"
                    + " full (JMH 3 forks x 10 x 2 s; 5 rounds of 120 s of load per profile). Default ${DEFAULT-VALUE}.")
    String preset;

    @Mixin
    ProfilesOption profiles;

    @Option(names = "--duration", paramLabel = "S", description = "Seconds of JMeter load per profile and round.")
    Integer duration;

    @Mixin
    RoundsOption rounds;

    @Option(names = "--rampup", paramLabel = "S", description = "JMeter ramp-up in seconds.")
    Integer rampup;

    @Option(names = "--short-threads", defaultValue = "8", description = "JMeter threads on /short (default ${DEFAULT-VALUE}).")
    int shortThreads;

    @Option(names = "--medium-threads", defaultValue = "6", description = "JMeter threads on /medium (default ${DEFAULT-VALUE}).")
    int mediumThreads;

    @Option(names = "--long-threads", defaultValue = "2", description = "JMeter threads on /long (default ${DEFAULT-VALUE}).")
    int longThreads;

    @Mixin
    ThinkTimeOption think;

    @Mixin
    MaxThreadsOption tomcat;

    @Mixin
    ErrorBudgetOption budget;

    @Option(names = "--jmh-args", paramLabel = "ARGS",
            description = "JMH arguments replacing the preset's, e.g. \"ConnectionCycle -f 3 -wi 5 -i 10 -t 32\".")
    String jmhArgs;

    @Option(names = "--skip-jmh", description = "Skip the JMH phase.")
    boolean skipJmh;

    @Option(names = "--skip-load", description = "Skip the webapp + JMeter phase (and the database).")
    boolean skipLoad;

    @Mixin
    TraceJdbcOption trace;

    @Option(names = "--aa-twin", negatable = true, description = "Run the first profile a second time as a variant"
            + " of its own (<id>-aa), in every round and in JMH: an A/A comparison, whose interval is the tool's own"
            + " noise floor; a difference inside it is no verdict. Default: on with --preset full, off with quick.")
    Boolean aaTwin;

    @Option(names = "--equivalence-margin", paramLabel = "PCT", description = "A margin, declared before the run,"
            + " within which two profiles may be called alike: when not shown to differ, two one-sided tests at 5 %"
            + " (the 90 % interval inside ±PCT) say \"alike within ±PCT %\"; without it a run says only \"not shown"
            + " to differ\". 0.1 to 100.")
    Double equivalenceMarginPercent;

    @Mixin
    PoolVersionOption poolVersions;

    @Mixin
    ProfileOptions profileOptions;

    @Mixin
    DatabaseOptions db;

    /** With --skip-load, JMH points every profile at the stub driver: its URL placeholders are never used. */
    private static final Set<String> STUB_VARS = ProfileVariables.ALL_VARS;

    /** @return the default profiles */
    @Override
    protected Map<String, String> optionDefaults() {
        return Map.of("--profiles", "hikari,dbcp2");
    }

    @Override
    public Integer call() throws Exception {
        Progress progress = new Progress(System.out);
        boolean full;
        switch (preset) {
            case "quick": full = false; break;
            case "full": full = true; break;
            default: throw new TestbedException("unknown preset '" + preset + "': use quick or full");
        }
        if (jmhArgs != null && jmhArgs.isBlank()) {
            throw new TestbedException("--jmh-args is empty (it would run every JMH benchmark): give JMH's"
                    + " arguments, e.g. \"ConnectionCycle -f 1 -wi 2 -i 3\", or leave it out for the preset's");
        }
        db.validate();
        Artifacts art = Artifacts.locate(runDir.root);
        List<CompareSettings.ProfileRun> runs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        String scheme = db.scheme();
        List<PoolProfile> loaded = new ArrayList<>();
        for (String p : profiles.names()) {
            PoolProfile pp = profileOptions.load(p, art.confDir());
            loaded.add(pp);
            String ps = pp.urlScheme();
            if (!skipLoad && ps != null && scheme != null && !ps.equals(scheme)) {
                throw new TestbedException("profile " + pp.name() + " connects with a jdbc:" + ps + " URL but --db "
                        + db.kind + " is " + scheme + ": use " + (ps.equals("mysql") ? "--db mysql" : "a "
                        + ps + " database (--db external --jdbc-url ...)") + ", or another profile");
            }
            // a URL of the database's kind stands in for the real one, so a driver class for another
            // database is caught now
            pp.check(skipLoad || scheme == null ? Map.of() : Map.of("poolbench.jdbc.url",
                    "jdbc:" + scheme + "://localhost/poolbench"), skipLoad ? STUB_VARS : db.varsSetLater());
            pp.warnings().forEach(w -> progress.print("WARNING " + w));
        }
        // the versions' jars fetched once every profile has passed its checks
        Map<String, List<PoolVersionOption.PoolJar>> versions = poolVersions.jars(loaded);
        for (PoolProfile pp : loaded) {
            int n = seen.merge(pp.name(), 1, Integer::sum);
            String id = n == 1 ? pp.name() : pp.name() + "-" + n;
            // a profile given two versions runs as two variants, hikari@7.0.2 and hikari@7.1.0 (older first)
            for (PoolVersionOption.PoolJar v : versions.getOrDefault(n == 1 ? pp.name() : "",
                    Collections.singletonList(null))) {
                runs.add(new CompareSettings.ProfileRun(v == null ? id : id + "@" + v.version(),
                        pp.file().toAbsolutePath().normalize().toString(), pp.resourceName(),
                        pp.kind().adapter().displayName(), pp.kind().adapter().driverAttribute() != null, null,
                        v == null ? null : v.version(), v == null ? null : v.jar().toString()));
            }
        }
        if (aaTwin != null ? aaTwin : full) {
            runs.add(1, runs.get(0).twin(runs.get(0).id() + "-aa"));
        }
        List<String> jmh = jmhArgs != null ? new ArrayList<>(Arrays.asList(jmhArgs.trim().split("\\s+")))
                : full ? List.of("ConnectionCycle", "-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s")
                : List.of("ConnectionCycle", "-f", "3", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s");
        int dur = duration != null ? duration : full ? 120 : 20;
        int nRounds = rounds.orElse(full ? 5 : 3);
        int ramp = rampup != null ? rampup : full ? 30 : 5;
        CompareSettings rs = new CompareSettings(preset, runs, jmh, dur, nRounds, ramp, shortThreads, mediumThreads,
                longThreads, think.thinkMs, tomcat.maxThreads, budget.percent(), skipLoad ? "none (no phase needs one)"
                : db.kind, db.rows, skipJmh, skipLoad, true, trace.on(), equivalenceMarginPercent);
        return run(new CompareExperiment(art, rs, skipLoad ? null : db));
    }
}
