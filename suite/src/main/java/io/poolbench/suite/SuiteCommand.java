package io.poolbench.suite;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.testbed.PoolbenchCommand;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Docker;
import io.poolbench.testbed.run.ScenarioCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code poolbench run}: the whole suite. Every scenario of {@link SuiteEntry} runs as its own command in its own
 * JVM (so that one scenario's memory, log redirection and shutdown hooks cannot touch the next, and the drills get
 * their hosts file), one after another, into {@code <run>/<scenario>/}, each a complete run directory of its own;
 * the Aurora scenario and the drills need a Docker engine and are skipped with one line without one. The suite's own
 * {@code run.json} has a phase per scenario ({@code ok}, {@code failed} with the scenario's own outcome line,
 * {@code interrupted}, {@code skipped}); at the end {@link SuiteReport} writes {@code index.md} and the one-page
 * {@code index.html} (also copied to {@code target/poolbench-report/index.html}).
 */
@Command(name = "run",
        description = "The whole suite on the embedded PostgreSQL: JMH and the web load (compare), pool-size,"
                + " concurrency, shared and connect, and with a Docker engine aurora and the drills; then one report,"
                + " index.html (offline, images inside) and index.md. It takes no profile: run your own file with"
                + " check, plan, compare, aurora or drill (docs/guide.md). Times measured here: the README.",
        exitCodeList = {"0:every scenario ok (or skipped for want of Docker)", "1:a scenario failed (the report marks"
                + " it)", PoolbenchCommand.EXIT_BAD_INPUT, PoolbenchCommand.EXIT_INTERRUPTED})
public final class SuiteCommand extends ScenarioCommand {
    @Option(names = "--preset", defaultValue = "quick", paramLabel = "quick|full",
            description = "quick: every scenario at a small scale, the comparisons in 3 rounds; full: each at the"
                    + " article's scale where it runs here in reasonable time, and the"
                    + " Aurora scenario's failover at each pool's limit (failover-at-limit: a knee search, then"
                    + " each failover kind at each"
                    + " profile's knee in 5 rounds: hours)."
                    + " Default ${DEFAULT-VALUE}.")
    String preset;

    @Option(names = "--only", split = ",", paramLabel = "ID",
            description = "Run only these scenarios: compare, pool-size, concurrency, shared, connect, aurora,"
                    + " drills, failover-at-limit (the failover at each pool's limit: in the full preset; at the quick"
                    + " one only when named here). The older ids seed000 … seed004 and seed004-limit name the same.")
    List<String> only;

    @Option(names = "--skip", split = ",", paramLabel = "ID", description = "Leave these scenarios out.")
    List<String> skip = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (!preset.equals("quick") && !preset.equals("full")) {
            throw new TestbedException("--preset " + preset + ": use quick or full");
        }
        List<SuiteEntry> chosen = SuiteEntry.choose(preset, only, skip);
        Path root = runDir.root.toAbsolutePath().normalize();
        Path jar = Artifacts.locate(root).suiteJar();
        Path dir = runDir.prepare(); // a used --out is one line before the Docker probe prints anything
        boolean docker = chosen.stream().anyMatch(s -> s.needsDocker) && Docker.available();
        Map<String, List<String>> lines = new LinkedHashMap<>();
        chosen.forEach(s -> lines.put(s.id, s.line(preset)));
        return run(new SuiteRun(preset, chosen, lines, docker, root, jar), dir);
    }
}
