package io.poolbench.bench;

import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH parameters and trial life cycle shared by {@link ConnectionCycle} and {@link StatementCycle}: which
 * profile, against which database (the stub driver or a real server), with which pool size. JMH reads these
 * inherited {@code @Param} fields in each subclass (JMH wants the declaring class to be a {@code @State} too) and
 * runs the inherited {@code @Setup}/{@code @TearDown} once per trial. The run lengths below are inherited too (JMH's
 * {@code @Fork}, {@code @Warmup} and {@code @Measurement} are {@code @Inherited}): one fork with a 1 GiB heap, 3
 * warm-up iterations of 2 s, 5 measured of 2 s, unless the command line ({@code -f}, {@code -wi}, {@code -i}) or a
 * preset ({@link Presets}) says otherwise.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class PoolUnderTest {

    /** Profile name in webapp/conf, or a path to a context.xml. */
    @Param({"hikari", "dbcp2"})
    public String profile;

    /** Stub driver URL; query parameters set simulated round-trip delays in µs (0 = pure pool overhead). */
    @Param({"jdbc:stub:bench"})
    public String stubUrl;

    /** Pool size; 0 keeps the profile's own (10 for the shipped defaults). */
    @Param({"0"})
    public int poolSize;

    /** Database: stub (default, no network), postgres (embedded), mysql, mysql-toxiproxy (Docker). */
    @Param({"stub"})
    public String db;

    /** Added round-trip latency for db=mysql-toxiproxy, ms. */
    @Param({"0"})
    public int latencyMs;

    private BenchDatabase bench;

    /** The pool of the trial, set by {@link #openPool()}. */
    protected DataSource ds;

    /**
     * Builds the pool and borrows once, so that it is started and filled before measuring; prints the pool's version
     * as this fork loaded it ({@link PoolKind#VERSION_MARK}: a version put first on the class path shows as itself).
     *
     * @throws SQLException when the first borrow fails
     */
    @Setup(Level.Trial)
    public void openPool() throws SQLException {
        bench = BenchDatabase.open(db, profile, stubUrl, poolSize, latencyMs);
        ds = bench.pool();
        PoolKind kind = PoolProfile.load(ProfileDir.locate(profile, BenchPools.confDir())).kind();
        String version = kind.loadedVersion(ds);
        if (version != null) {
            System.out.println("poolbench: " + kind.adapter().displayName() + ", " + PoolKind.VERSION_MARK + version);
        }
        try (Connection c = ds.getConnection()) {
            c.isValid(1);
        }
    }

    /** Closes the pool (and stops a database the trial started). */
    @TearDown(Level.Trial)
    public void closePool() {
        if (bench != null) {
            bench.close();
        }
    }
}
