package io.poolbench.testbed.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order of variants within rounds: each round runs every variant once, the order rotated by one from round to
 * round (round 1: A B C, round 2: B C A, round 3: C A B), so that no variant always runs first, on a cold machine, or
 * last, after the others heated it (the design's "Numbers that hold").
 */
public final class Rounds {
    private Rounds() {
    }

    /**
     * @param variants the variants in their given order
     * @param round the round, from 1
     * @param <T> the variant type
     * @return the variants in this round's order
     */
    public static <T> List<T> order(List<T> variants, int round) {
        List<T> l = new ArrayList<>(variants);
        if (!l.isEmpty()) {
            Collections.rotate(l, -((round - 1) % l.size()));
        }
        return l;
    }
}
