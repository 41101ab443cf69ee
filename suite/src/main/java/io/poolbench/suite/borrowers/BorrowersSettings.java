package io.poolbench.suite.borrowers;

import java.util.List;
import java.util.Map;

/**
 * What {@code poolbench borrowers} runs, as its manifest records it.
 *
 * @param profiles the profiles' files
 * @param versions per profile name, the versions to run (empty: the pinned one alone)
 * @param threads {@code virtual}, {@code platform} or both
 * @param borrowers borrowing threads per probe
 * @param poolSize connections (0: the profile's)
 * @param holdsUs holds per borrow, µs
 * @param warmupSeconds seconds of each probe before its measured period (excluded)
 * @param seconds measured seconds per probe
 * @param rounds rounds: each runs every variant once, the order rotated
 * @param java the JVM the probes run on (JDK 21 or newer for virtual threads)
 */
record BorrowersSettings(List<String> profiles, Map<String, List<String>> versions, List<String> threads,
        int borrowers, int poolSize, List<Long> holdsUs, int warmupSeconds, int seconds, int rounds, String java) {
}
