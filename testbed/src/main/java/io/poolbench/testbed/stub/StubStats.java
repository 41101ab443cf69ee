package io.poolbench.testbed.stub;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Counters of stub driver operations (round trips), process-wide. */
public final class StubStats {
    /** Connections opened. */
    public static final LongAdder CONNECT = new LongAdder();
    /** {@code isValid} calls and validation queries: one round trip each. */
    public static final LongAdder VALIDATE = new LongAdder();
    /** Statements executed. */
    public static final LongAdder EXECUTE = new LongAdder();
    /** Commits. */
    public static final LongAdder COMMIT = new LongAdder();
    /** Rollbacks. */
    public static final LongAdder ROLLBACK = new LongAdder();
    /** {@code setAutoCommit} calls that changed the mode. */
    public static final LongAdder AUTOCOMMIT = new LongAdder();

    private StubStats() {
    }

    /** Resets every counter to 0. */
    public static void reset() {
        for (LongAdder a : new LongAdder[] {CONNECT, VALIDATE, EXECUTE, COMMIT, ROLLBACK, AUTOCOMMIT}) {
            a.reset();
        }
    }

    /** @return counter name → count, in a fixed order */
    public static Map<String, Long> snapshot() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("connect", CONNECT.sum());
        m.put("validate", VALIDATE.sum());
        m.put("execute", EXECUTE.sum());
        m.put("commit", COMMIT.sum());
        m.put("rollback", ROLLBACK.sum());
        m.put("setAutoCommit", AUTOCOMMIT.sum());
        return m;
    }
}
