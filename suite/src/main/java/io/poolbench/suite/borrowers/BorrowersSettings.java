package io.poolbench.suite.borrowers;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import java.util.Map;

/**
 * What {@code poolbench borrowers} runs, as its manifest records it; the command has checked every value (the
 * database's kind by {@link #driverArtifact}).
 *
 * @param profiles the profiles' files
 * @param versions per profile name, the versions to run (empty: the pinned one alone)
 * @param db {@code stub} (the stub driver), {@code embedded} (PostgreSQL) or {@code mysql} (Testcontainers)
 * @param driverVersions the database driver's two versions to run (empty: the one poolbench pins)
 * @param threads {@code virtual}, {@code platform} or both
 * @param borrowers borrowing threads per probe
 * @param poolSize connections (0: the profile's)
 * @param holdsUs holds per borrow, µs
 * @param warmupSeconds seconds of each probe before its measured period (excluded)
 * @param seconds measured seconds per probe
 * @param rounds rounds: each runs every variant once, the order rotated
 * @param java the JVM the probes run on (JDK 21 or newer for virtual threads)
 * @param mysqlImage the MySQL image for {@code --db mysql}, or null for the default
 * @param carriers the virtual threads' carrier threads ({@code jdk.virtualThreadScheduler.parallelism}); 0 for the
 *     JVM's own (one per core)
 */
record BorrowersSettings(List<String> profiles, Map<String, List<String>> versions, String db,
        List<String> driverVersions, List<String> threads, int borrowers, int poolSize, List<Long> holdsUs,
        int warmupSeconds, int seconds, int rounds, String java, String mysqlImage, int carriers) {
    /**
     * @param db {@code stub}, {@code embedded} or {@code mysql}
     * @return the database's driver artifact ({@code groupId:artifactId}); null for the stub driver
     * @throws TestbedException one line for another word
     */
    static String driverArtifact(String db) {
        return switch (db) {
            case "stub" -> null;
            case "embedded" -> "org.postgresql:postgresql";
            case "mysql" -> "com.mysql:mysql-connector-j";
            default -> throw new TestbedException("--db " + db + ": give stub, embedded or mysql");
        };
    }
}
