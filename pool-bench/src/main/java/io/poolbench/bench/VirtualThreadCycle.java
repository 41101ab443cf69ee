package io.poolbench.bench;

import io.poolbench.testbed.stub.Delay;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * Borrowers on virtual threads (JDK 21+): each invocation starts {@value #BORROWERS} virtual threads that each
 * borrow, hold ({@code holdUs}, parked with {@link Delay#park}, so the carrier is free meanwhile) and return one
 * connection, and waits for all of them; the score is borrows per ms.
 * A pool that blocks inside {@code synchronized} pins the carrier thread, which shows here and not with platform
 * threads. Profile, pool size and database are {@link PoolUnderTest}'s parameters. On JDK 17 the setup fails with
 * a message saying so; the presets leave it out there.
 */
@State(Scope.Benchmark)
@Threads(1)
public class VirtualThreadCycle extends PoolUnderTest {
    /** Virtual threads per invocation. */
    public static final int BORROWERS = 64;

    /** Hold time per borrow, µs (a parked wait: at least this long, parkNanos may add tens of µs). */
    @Param({"50"})
    public long holdUs;

    private ExecutorService virtualThreads;

    /** @return true when this JVM has virtual threads (JDK 21+) */
    public static boolean supported() {
        return Runtime.version().feature() >= 21;
    }

    /**
     * Starts the virtual-thread executor (the pool is {@link PoolUnderTest}'s, built before).
     *
     * @throws Exception on JDK &lt; 21, with a message
     */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        if (!supported()) {
            throw new IllegalStateException("VirtualThreadCycle needs JDK 21 or newer (virtual threads); this JVM is "
                    + Runtime.version() + ": skipped");
        }
        virtualThreads = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }

    /** Stops the executor (PoolUnderTest closes the pool). */
    @TearDown(Level.Trial)
    public void tearDown() {
        if (virtualThreads != null) {
            virtualThreads.shutdownNow();
        }
    }

    /**
     * {@value #BORROWERS} borrows on as many virtual threads.
     *
     * @throws Exception when a borrow fails
     */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @OperationsPerInvocation(BORROWERS)
    public void borrowOnVirtualThreads() throws Exception {
        List<Future<?>> fs = new ArrayList<>(BORROWERS);
        for (int i = 0; i < BORROWERS; i++) {
            fs.add(virtualThreads.submit(() -> {
                try (Connection c = ds.getConnection()) {
                    Delay.park(holdUs);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Future<?> f : fs) {
            f.get();
        }
    }
}
