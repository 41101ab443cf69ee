package io.poolbench.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Prepare, execute and close a statement on a connection each thread holds for the whole trial: the cost of the
 * pool's proxy/wrapper layer around JDBC calls (HikariCP's generated proxies, DBCP2's delegating classes), against
 * the stub driver. Threads (default 4) must not exceed the pool size, since every thread keeps one connection.
 * The stub's {@code executeUs} is the statement's round trip. Parameters and pool life cycle: {@link PoolUnderTest}.
 */
@State(Scope.Benchmark)
@Threads(4)
public class StatementCycle extends PoolUnderTest {

    /** One connection per thread, borrowed for the trial. */
    @State(Scope.Thread)
    public static class Held {
        Connection connection;

        /**
         * @param pool the benchmark state holding the pool
         * @throws SQLException when no connection can be borrowed
         */
        @Setup(Level.Trial)
        public void borrow(StatementCycle pool) throws SQLException {
            connection = pool.ds.getConnection();
        }

        /** Returns the connection. */
        @TearDown(Level.Trial)
        public void giveBack() throws SQLException {
            connection.close();
        }
    }

    /**
     * prepareStatement, setLong, executeQuery, read one row, close both.
     *
     * @param held the thread's connection
     * @param bh sink
     * @throws SQLException from the driver
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void throughput(Held held, Blackhole bh) throws SQLException {
        run(held, bh);
    }

    /**
     * The same, sampled.
     *
     * @param held the thread's connection
     * @param bh sink
     * @throws SQLException from the driver
     */
    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void latency(Held held, Blackhole bh) throws SQLException {
        run(held, bh);
    }

    private static void run(Held held, Blackhole bh) throws SQLException {
        try (PreparedStatement p = held.connection.prepareStatement("SELECT id FROM orders WHERE id = ?")) {
            p.setLong(1, 42L);
            try (ResultSet rs = p.executeQuery()) {
                bh.consume(rs.next());
                bh.consume(rs.getLong(1));
            }
        }
    }
}
