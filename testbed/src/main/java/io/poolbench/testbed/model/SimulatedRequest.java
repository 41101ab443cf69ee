package io.poolbench.testbed.model;

/**
 * One request in {@link PoolSimulation}: its kind, when it arrived, its server time per query, the queries it has
 * left, and its borrow waits so far (ms).
 */
final class SimulatedRequest {
    final int kind;
    final double arrivalMs;
    final double queryMs;
    int queriesLeft;
    double askedMs;
    double waitMs;

    SimulatedRequest(int kind, double arrivalMs, double queryMs, int queries) {
        this.kind = kind;
        this.arrivalMs = arrivalMs;
        this.queryMs = queryMs;
        this.queriesLeft = queries;
    }
}
