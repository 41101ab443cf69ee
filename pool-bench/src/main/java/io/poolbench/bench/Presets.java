package io.poolbench.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Named runs of the pool-bench benchmarks:
 * {@code java -cp pool-bench/target/benchmarks.jar io.poolbench.bench.Presets quick|full}.
 * <ul>
 *   <li>{@code quick} (about 4 minutes on 2 cores): ConnectionCycle for hikari, dbcp2, aurora-article-hikari and
 *       aurora-article-dbcp2, pool size 4, threads : pool size 1:1 and 4:1, stub validation delay 0 and 500 µs,
 *       1 fork, 1 × 1 s warm-up, 3 × 1 s measurement, with JMH's gc profiler; StatementCycle for hikari and dbcp2.</li>
 *   <li>{@code full}: the same at 1:1, 2:1, 4:1, 8:1 with 3 forks, 5 × 1 s warm-up, 10 × 1 s measurement.</li>
 *   <li>{@code pools} (about 27 minutes on 2 cores): {@code quick}'s plan with 3 forks for every pooled profile of
 *       the catalog that runs on the stub driver ({@link #CATALOG}), ConnectionCycle and StatementCycle.</li>
 *   <li>{@code hcb}: {@code pools}' plan for the profiles that configure each pool as HikariCP's own benchmark
 *       project does ({@link #HCB}: {@code webapp/conf/hcb-*.xml}, each citing that project's BenchBase), so that
 *       a reader can set our figures beside that project's: like for like, not each pool at its defaults.</li>
 *   <li>{@code hikari-settings}: the catalog's HikariCP with and without its bypass window and with a test query,
 *       round trips per borrow and ConnectionCycle at a 500 µs check, 3 forks ({@link HikariSettings}).</li>
 * </ul>
 * {@code --forks}, {@code --warmup-iterations} and {@code --iterations} replace a preset's counts.
 * Every JMH run writes its JSON as soon as it ends ({@code <out>/<preset>/*.json}); round trips per borrow are
 * counted separately ({@link RoundTrips}); then {@link BenchReport} writes {@code summary.md} and charts.
 */
@Command(name = "presets", mixinStandardHelpOptions = true, description = "Run a named set of pool-bench benchmarks.")
public final class Presets implements Callable<Integer> {
    /** The pooled profiles of the catalog that run on the stub driver (unpooled cannot: it is the driver's own). */
    static final List<String> CATALOG = PoolKind.pooledProfiles();
    /** The pools of HikariCP's own benchmark project (brettwooldridge/HikariCP-benchmark), configured as it does. */
    static final List<String> HCB = List.of("hcb-hikari", "hcb-dbcp2", "hcb-tomcat-jdbc", "hcb-c3p0", "hcb-vibur",
            "hcb-dbcp1");

    @Parameters(index = "0", defaultValue = "quick", description = "quick, full, pools, hcb or"
            + " hikari-settings (default ${DEFAULT-VALUE}).")
    String preset;

    @Option(names = "--out", defaultValue = "target/pool-bench-report", description = "Output directory (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--profiles", split = ",", description = "Profiles (default: hikari,dbcp2,aurora-article-hikari,"
            + "aurora-article-dbcp2; for pools every pooled profile of the catalog; for hcb the hcb-* profiles).")
    List<String> profiles;

    @Option(names = "--pool-size", defaultValue = "4", description = "Pool size of the contention runs (default ${DEFAULT-VALUE}).")
    int poolSize;

    @Option(names = {"-f", "--forks"}, description = "Forks per configuration instead of the preset's (more forks"
            + " narrow the error when forks settle at different levels).")
    Integer forks;

    @Option(names = {"-i", "--iterations"}, description = "Measurement iterations (1 s) per fork instead of the preset's.")
    Integer iterations;

    @Option(names = {"-wi", "--warmup-iterations"}, description = "Warm-up iterations (1 s) per fork instead of the preset's.")
    Integer warmups;

    /** The settings of a preset. */
    record Plan(int forks, int warmups, int iterations, List<Integer> ratios, List<Integer> validUs) {
        /**
         * @param f forks, or null to keep
         * @param w warm-up iterations, or null to keep
         * @param i measurement iterations, or null to keep
         * @return this plan with the given counts
         * @throws TestbedException for a count below 1 (0 for warm-ups)
         */
        Plan with(Integer f, Integer w, Integer i) {
            if ((f != null && f < 1) || (i != null && i < 1) || (w != null && w < 0)) {
                throw new TestbedException("--forks and --iterations must be at least 1, --warmup-iterations at"
                        + " least 0");
            }
            return new Plan(f == null ? forks : f, w == null ? warmups : w, i == null ? iterations : i, ratios,
                    validUs);
        }
    }

    static Plan plan(String preset) {
        switch (preset) {
            case "quick":
                return new Plan(1, 1, 3, List.of(1, 4), List.of(0, 500));
            case "full":
                return new Plan(3, 5, 10, List.of(1, 2, 4, 8), List.of(0, 500));
            case "pools":
            case "hcb":
            case "hikari-settings":
                // 3 forks: a fork can settle at another level (HikariCP's were bimodal), which one
                // fork cannot show
                return new Plan(3, 1, 3, List.of(1, 4), List.of(0, 500));
            default:
                throw new TestbedException("unknown preset '" + preset + "': use quick, full, pools, hcb or"
                        + " hikari-settings");
        }
    }

    /**
     * JMH options of one ConnectionCycle run of a preset.
     *
     * @param p plan
     * @param profiles profiles
     * @param poolSize pool size
     * @param ratio threads per pooled connection
     * @param json result file
     * @return the options
     */
    static ChainedOptionsBuilder connectionCycle(Plan p, List<String> profiles, int poolSize, int ratio, Path json) {
        List<String> urls = new ArrayList<>();
        for (int v : p.validUs()) {
            urls.add(v == 0 ? "jdbc:stub:bench" : "jdbc:stub:bench?validUs=" + v);
        }
        return options(p, ConnectionCycle.class, json)
                .param("profile", profiles.toArray(new String[0]))
                .param("stubUrl", urls.toArray(new String[0]))
                .param("poolSize", Integer.toString(poolSize))
                .threads(poolSize * ratio)
                .addProfiler(GCProfiler.class);
    }

    /**
     * The options every preset run shares: the benchmark class, the plan's forks and 1 s iterations, the profile
     * directory for the forks, JSON results.
     *
     * @param p plan
     * @param bench benchmark class
     * @param json result file
     * @return the options, to be completed with parameters
     */
    static ChainedOptionsBuilder options(Plan p, Class<?> bench, Path json) {
        return new OptionsBuilder()
                .include(bench.getName() + "\\.")
                .forks(p.forks())
                .warmupIterations(p.warmups()).warmupTime(TimeValue.seconds(1))
                .measurementIterations(p.iterations()).measurementTime(TimeValue.seconds(1))
                .jvmArgsAppend("-Dpoolbench.conf=" + BenchPools.confDir().toAbsolutePath())
                .resultFormat(ResultFormatType.JSON).result(json.toString());
    }

    @Override
    public Integer call() throws Exception {
        Plan p = plan(preset).with(forks, warmups, iterations);
        if (profiles == null) {
            profiles = switch (preset) {
                case "pools" -> CATALOG;
                case "hcb" -> HCB;
                default -> List.of("hikari", "dbcp2", "aurora-article-hikari", "aurora-article-dbcp2");
            };
        }
        Path dir = out.resolve(preset);
        Files.createDirectories(dir);
        if (preset.equals("hikari-settings")) {
            System.out.println(HikariSettings.run(p, poolSize, dir));
            System.out.println("written: " + dir.resolve("summary.md"));
            return 0;
        }
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Map<String, Object> counts = new LinkedHashMap<>();
        for (String prof : profiles) {
            counts.put(prof, RoundTrips.perBorrow(prof, poolSize, 10_000));
        }
        json.writeValue(dir.resolve("round-trips.json").toFile(), counts);
        for (int ratio : p.ratios()) {
            Path f = dir.resolve("connection-cycle-" + ratio + "to1.json");
            System.out.println("== ConnectionCycle, threads : pool size = " + ratio + ":1 (" + poolSize * ratio
                    + " threads, pool " + poolSize + ")");
            new Runner(connectionCycle(p, profiles, poolSize, ratio, f).build()).run();
            BenchReport.write(dir);
        }
        if (VirtualThreadCycle.supported()) {
            System.out.println("== VirtualThreadCycle");
            new Runner(options(p, VirtualThreadCycle.class, dir.resolve("virtual-thread-cycle.json"))
                    .param("profile", "hikari", "dbcp2")
                    .param("poolSize", Integer.toString(poolSize))
                    .build()).run();
        } else {
            System.out.println("== VirtualThreadCycle skipped: needs JDK 21+ (virtual threads), this is "
                    + Runtime.version());
        }
        System.out.println("== StatementCycle");
        new Runner(options(p, StatementCycle.class, dir.resolve("statement-cycle.json"))
                .param("profile", preset.equals("pools") || preset.equals("hcb") ? profiles.toArray(new String[0])
                        : new String[] {"hikari", "dbcp2"})
                .addProfiler(GCProfiler.class)
                .build()).run();
        String md = BenchReport.write(dir);
        System.out.println(md);
        System.out.println("written: " + dir.resolve("summary.md"));
        return 0;
    }

    /**
     * Entry point; user errors end with one line and exit code 2.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(Cli.execute(new Presets(), "presets", args));
    }
}
