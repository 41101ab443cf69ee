package io.poolbench.bench;

import io.poolbench.testbed.stub.Delay;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Borrow + return ({@code getConnection()} + {@code close()}) of a pool built from a shared context.xml profile,
 * against the stub JDBC driver (no network). {@code throughput} reports ops/ms summed over all threads;
 * {@code latency} samples the time of one borrow + hold + return in µs (JMH SampleTime: p50 … p99.9, max).
 *
 * <p>Contention is set by the thread count ({@code -t}) against {@code poolSize}: threads : pool size of 1:1,
 * 2:1, 4:1, 8:1 (the presets run these). Threads default to 16 against the profiles' pool size of 10.
 * {@code holdUs} keeps each borrowed connection for that long (µs), so that borrowers wait for each other.
 * {@code stubUrl} sets the stub's simulated round trips, e.g. {@code jdbc:stub:x?validUs=500}. Parameters and pool
 * life cycle: {@link PoolUnderTest}.
 */
@State(Scope.Benchmark)
@Threads(16)
public class ConnectionCycle extends PoolUnderTest {

    /** How long a borrower keeps the connection, µs (0 = return at once). */
    @Param({"0"})
    public long holdUs;

    private void cycle(Blackhole bh) throws SQLException {
        try (Connection c = ds.getConnection()) {
            bh.consume(c);
            Delay.apply(holdUs);
        }
    }

    /**
     * One borrow, hold and return, as throughput.
     *
     * @param bh sink for the connection
     * @throws SQLException when the pool cannot hand out a connection
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void throughput(Blackhole bh) throws SQLException {
        cycle(bh);
    }

    /**
     * One borrow, hold and return, sampled for its duration.
     *
     * @param bh sink for the connection
     * @throws SQLException when the pool cannot hand out a connection
     */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void latency(Blackhole bh) throws SQLException {
        cycle(bh);
    }
}
