package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DockerTest {
    @Test
    void missingEngineIsNamedAtOnce() {
        String p = Docker.engineProblem("unix:///nonexistent/docker.sock");
        assertTrue(p != null && p.contains("/nonexistent/docker.sock"), p);
        String t = Docker.engineProblem("tcp://127.0.0.1:1");
        assertTrue(t != null && t.contains("does not answer"), t);
    }
}
