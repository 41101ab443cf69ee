package io.poolbench.toxiproxy.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The drills' outcome of a response takes the webapp's own error class ({@code PoolErrors.classify}) and adds the
 * SQLSTATE only where the webapp says {@code sql}: the client does not class errors a second time.
 */
class OpenLoopLoadTest {
    @Test
    void theWebappsClassIsTheOutcome() {
        assertEquals("ok", OpenLoopLoad.classify(200, new OpenLoopLoad.Answer(10L, null, null)));
        assertEquals("pool-timeout", OpenLoopLoad.classify(503, new OpenLoopLoad.Answer(null, "pool-timeout", null)));
        assertEquals("read-only", OpenLoopLoad.classify(500, new OpenLoopLoad.Answer(5L, "read-only", "HY000")));
        assertEquals("connection-lost", OpenLoopLoad.classify(500,
                new OpenLoopLoad.Answer(5L, "connection-lost", "08S01")));
        assertEquals("sql-23000", OpenLoopLoad.classify(500, new OpenLoopLoad.Answer(5L, "sql", "23000")));
    }

    @Test
    void anAnswerWithoutJsonKeepsItsStatus() {
        assertEquals("sql-unknown", OpenLoopLoad.classify(500, new OpenLoopLoad.Answer(null, null, null)));
        assertEquals("http-502", OpenLoopLoad.classify(502, new OpenLoopLoad.Answer(null, null, null)));
    }
}
