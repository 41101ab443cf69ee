package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.poolbench.testbed.load.BorrowerResult;
import io.poolbench.testbed.report.ResultJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The borrower probe's figures on pools that misbehave on purpose: a pool that spins shows its spin as CPU per borrow
 * (at least the spin itself: CPU the borrow cannot do without), and a pool that pins a virtual thread's carrier is
 * counted by JFR's pinned events with the frame that pinned. No assertion on a time: on counts and on a lower bound
 * that follows from what the pool does.
 */
class BorrowerProbeTest {
    /** A JDK with virtual threads and JEP 491's pinning rules, for the pinned-event count. */
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @Test
    void aSpinningPoolShowsAsCpuPerBorrowOfAtLeastItsSpin(@TempDir Path tmp) throws Exception {
        BorrowerResult r = BorrowerProbe.probe(ProbePools.spinning(500), "spinning", null, "stub", false, false, 2, 0, 0, 1,
                tmp.resolve("p.jfr"));
        assertTrue(r.borrows() > 0, r.toString());
        // each borrow spun 500 µs on a CPU: the process's CPU per borrow cannot be less
        assertTrue(r.cpuUsPerBorrow() >= 500, r.toString());
        assertEquals("platform", r.threads());
    }

    @Test
    void aPoolThatPinsIsCountedWithTheFrameThatPinned(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(JDK25), "no JDK 25 at " + JDK25 + ": the pinned-event count needs one");
        Path out = tmp.resolve("pinned.json");
        Process p = new ProcessBuilder(JDK25.toString(), "-cp", System.getProperty("java.class.path"),
                PinningProbe.class.getName(), out.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), log);
        assertEquals(0, p.exitValue(), log);
        BorrowerResult r = ResultJson.MAPPER.readValue(out.toFile(), BorrowerResult.class);
        assertTrue(r.pinnedEvents() >= 1, r.toString());
        assertTrue(r.pinnedTopFrames().keySet().stream().anyMatch(f -> f.contains("SlowInit")), r.toString());
    }

    @Test
    void theTopFrameOfASpinCountsAsSpinning() {
        assertTrue(BorrowerProbe.SPIN_FRAMES.containsAll(List.of("java.lang.Thread.yield",
                "java.lang.VirtualThread.tryYield", "java.lang.Thread.onSpinWait")));
    }

    /** Runs on JDK 25: virtual borrowers against the pinning pool, the result as JSON. */
    static final class PinningProbe {
        private PinningProbe() {
        }

        public static void main(String[] args) throws Exception {
            // the class initialises in the measured period, not before: no warm-up
            BorrowerResult r = BorrowerProbe.probe(ProbePools.pinning(), "pinning", null, "stub", false, true, 8, 0,
                    0, 1, Path.of(args[0] + ".jfr"));
            ResultJson.MAPPER.writeValue(Path.of(args[0]).toFile(), r);
        }
    }
}
