package io.poolbench.testbed.stats;

/** What a comparison over rounds can say: never a bare ratio. */
public enum Verdict {
    /** The 95 % interval excludes "no difference": one variant is ahead. */
    AHEAD,
    /** The interval includes "no difference": not shown to differ (which is not "alike": that needs a margin). */
    NO_DIFFERENCE,
    /**
     * Not shown to differ, and two one-sided tests at 5 % put the difference inside the equivalence margin declared
     * before the run ({@link Equivalence}): alike within it.
     */
    ALIKE,
    /** One round only: no interval, so no verdict. */
    ONE_ROUND
}
