package io.poolbench.suite.seed000;

import java.util.List;

/**
 * Seed 000's settings as the manifest records them (the field names are those of run directories written before:
 * {@code ./poolbench report} still opens them).
 *
 * @param profiles profile files
 * @param sizes pool sizes
 * @param runs runs per size
 * @param tasks tasks per run
 * @param holdMs hold time, ms
 * @param database the database kind
 * @param threads thread kinds: platform, virtual
 */
public record Seed000Settings(List<String> profiles, List<Integer> sizes, int runs, int tasks, long holdMs, String database,
        List<String> threads) {
}
