package io.poolbench.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Borrow + return of a connection that sat idle for {@code idleMs} first: the borrow a request makes after the
 * previous request left, which is where a pool decides whether to check the connection. {@link ConnectionCycle}
 * borrows back to back (idle microseconds), where HikariCP never checks: it checks only a connection idle longer
 * than its {@code aliveBypassWindowMs}, compared in whole milliseconds (HikariPool.getConnection:
 * {@code elapsedMillis(lastAccessed, now) > aliveBypassWindowMs}), so even a window of 0 skips the check within the
 * first millisecond.
 *
 * <p>One borrower ({@code @Threads(1)}); before each invocation it parks for {@code idleMs} in an invocation-level
 * setup, which JMH leaves out of the sample (JMH's own caveat for {@code Level.Invocation} holds: meant for
 * operations of about a millisecond or more, as a checked borrow against a 500 µs round trip is; an unchecked one
 * of a few µs carries JMH's timestamp overhead). SampleTime in µs: p50 … p99.9, max of the borrow + return alone.
 */
@State(Scope.Benchmark)
@Threads(1)
public class IdleBorrowCycle extends PoolUnderTest {

    /** How long the connection sits idle before each borrow, ms. */
    @Param({"2"})
    public long idleMs;

    /** Parks for {@code idleMs} before each borrow, outside the measured time. */
    @Setup(Level.Invocation)
    public void idle() {
        RoundTrips.idle(idleMs);
    }

    /**
     * One borrow and return after the idle time, sampled.
     *
     * @param bh sink for the connection
     * @throws SQLException when the pool cannot hand out a connection
     */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void latency(Blackhole bh) throws SQLException {
        try (Connection c = ds.getConnection()) {
            bh.consume(c);
        }
    }
}
