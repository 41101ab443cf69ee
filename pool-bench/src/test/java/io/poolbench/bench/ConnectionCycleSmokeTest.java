package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs ConnectionCycle with minimal iterations: every profile and mode produces a result (no timing checked). */
class ConnectionCycleSmokeTest {
    @Test
    void everyProfileAndModeProducesAResult() throws Exception {
        Options opt = new OptionsBuilder()
                .include(ConnectionCycle.class.getName())
                .param("profile", "hikari", "dbcp2")
                .forks(0)
                .threads(4)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200))
                .timeUnit(TimeUnit.MICROSECONDS)
                .shouldFailOnError(true)
                .build();
        Collection<RunResult> results = new Runner(opt).run();
        Set<String> seen = new TreeSet<>();
        for (RunResult r : results) {
            seen.add(r.getParams().getBenchmark().replaceAll(".*\\.", "") + "/" + r.getParams().getParam("profile")
                    + "/" + r.getParams().getMode().shortLabel());
        }
        assertEquals(Set.of("latency/dbcp2/sample", "latency/hikari/sample", "throughput/dbcp2/thrpt",
                "throughput/hikari/thrpt"), seen);
    }
}
