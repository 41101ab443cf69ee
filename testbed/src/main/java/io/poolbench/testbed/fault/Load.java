package io.poolbench.testbed.fault;

/**
 * The user's load, where given: what turns a stall into a backlog that takes time to drain.
 *
 * @param ratePerSecond requests per second that borrow a connection; 0 when not given
 * @param holdMs how long a request holds its connection, ms
 * @param longestQueryMs the longest query the service runs normally, ms; 0 when not given
 */
public record Load(double ratePerSecond, double holdMs, long longestQueryMs) {
    /** No load given. */
    public static final Load NONE = new Load(0, 0, 0);

    /**
     * @param connections the pool's size
     * @return the share of the pool the load keeps busy (the offered load ÷ connections); 0 without a rate
     */
    public double busy(int connections) {
        return ratePerSecond <= 0 ? 0 : ratePerSecond * holdMs / 1000.0 / connections;
    }
}
