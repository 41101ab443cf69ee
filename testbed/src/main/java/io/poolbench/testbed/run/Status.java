package io.poolbench.testbed.run;

import io.poolbench.testbed.Labels;

/** Phase states as written in the manifest ({@code run.json}). */
public enum Status {
    /** planned, not started */
    PENDING,
    /** started, not ended */
    RUNNING,
    /** ended and produced its data */
    OK,
    /** a process died, it produced no data, or a check failed; the reason says which */
    FAILED,
    /** stopped by Ctrl-C or the end of the JVM while running */
    INTERRUPTED,
    /** not run; the reason says why (by choice, or because the run was interrupted first) */
    SKIPPED,
    /** running when its process was killed (kill -9): read back so from a manifest that says running */
    KILLED;

    /** @return the lower-case name used in the manifest and the reports */
    public String label() {
        return Labels.of(this);
    }
}
