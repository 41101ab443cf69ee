package io.poolbench.testbed.fault;

import java.util.List;

/**
 * What {@link FaultChain} predicts for one fault.
 *
 * @param fault the fault
 * @param longestWaitMs the longest one request can wait, ms; -1 without limit
 * @param chain the terms that make the longest wait, in the order a request meets them
 * @param failures which requests fail, and as which outcome class
 * @param lentUnchecked how many dead or stalled connections the pool lends without a check, in words
 * @param servesAgainMs when, after the fault began, the pool serves every request again, ms; -1 never (until an
 *     operator acts)
 * @param servesAgainWhy what decides that moment
 * @param changes what to change, each with its effect and cost
 * @param branches for a fault that silences the writer, the longest wait per TCP branch of the connection a request
 *     holds ({@link TcpBranch}); empty for the others. {@code longestWaitMs} is the longest of the branches a silent
 *     writer leaves (unacknowledged, acknowledged), not of the old address coming back
 */
public record Prediction(Fault fault, long longestWaitMs, List<Term> chain, List<Failure> failures,
        String lentUnchecked, long servesAgainMs, String servesAgainWhy, List<Change> changes,
        List<BranchWait> branches) {

    /**
     * The longest wait in one TCP branch.
     *
     * @param branch where the request's connection stood when the writer vanished
     * @param longestWaitMs the longest wait in it, ms; -1 without limit
     * @param chain its chain of timeouts, in words
     * @param symptom what a service shows, e.g. the pool exhausted for 15.4 min
     * @param queryMs the longest a query waits in it, ms (-1 without limit); null where no query meets the silent
     *     writer (every borrow validated)
     * @param borrowMs the longest a validated borrow waits in it, ms (-1 without limit); null for a branch of
     *     requests already past their borrow
     * @param queryChain the chain of {@code queryMs}, in words; null with it
     * @param borrowChain the chain of {@code borrowMs}, in words; null with it
     */
    public record BranchWait(TcpBranch branch, long longestWaitMs, String chain, String symptom, Long queryMs,
            Long borrowMs, String queryChain, String borrowChain) {
    }

    /**
     * One term of a chain of timeouts.
     *
     * @param what what the request waits for, e.g. {@code borrow}
     * @param ms how long, ms; -1 without limit
     * @param setting the setting or default that decides it, with its value
     */
    public record Term(String what, long ms, String setting) {
        /** @return e.g. {@code query 15.4 min (no socketTimeout: …)} */
        public String text() {
            return what + " " + Durations.text(ms) + " (" + setting + ")";
        }
    }

    /**
     * Requests that fail, by the outcome classes the runs count.
     *
     * @param outcome {@code pool-timeout}, {@code connect-failed}, {@code connection-lost} or {@code read-only}
     * @param which which requests, in words
     * @param ifOvertaken true when these fail only in a pool whose later borrowers overtake earlier ones: served first
     *     come, first served, none does (a stall no longer than the borrow timeout whose backlog drains after it)
     */
    public record Failure(String outcome, String which, boolean ifOvertaken) {
        /**
         * Requests that fail whatever order the pool serves its borrowers in.
         *
         * @param outcome the outcome class
         * @param which which requests, in words
         */
        public Failure(String outcome, String which) {
            this(outcome, which, false);
        }

        /** @return the outcome class, and when it fails only where later borrowers overtake, that condition */
        public String label() {
            return ifOvertaken ? outcome + " (only if later borrowers overtake)" : outcome;
        }
    }

    /**
     * A change to the configuration.
     *
     * @param setting what to set, e.g. {@code socketTimeout=30000 in the JDBC URL}
     * @param effect what it does to this fault's chain
     * @param cost what it costs in normal operation
     */
    public record Change(String setting, String effect, String cost) {
    }

    /** @return the chain in one line, e.g. {@code borrow 30 s (connectionTimeout) + query 15.4 min (…)} */
    public String chainText() {
        return chain.isEmpty() ? "no timeout applies" : String.join(" + ", chain.stream().map(Term::text).toList());
    }
}
