package io.poolbench.testbed.options;

import picocli.CommandLine.Option;

/**
 * {@code --trace-jdbc} of the scenarios that run the webapp: a picocli mixin, so that the switch and what it costs
 * are said once. When set, the scenario starts each webapp with its own {@code --trace-jdbc FILE}: the pool opens
 * its connections through a datasource-proxy driver and every request's physical connection, its idle time, the
 * JDBC calls the pool made while lending and taking it back, and the call that failed go to one CSV row.
 */
public final class TraceJdbcOption {
    @Option(names = "--trace-jdbc", description = "Trace the JDBC calls beneath each pool (the webapp's --trace-jdbc):"
            + " the report adds the pool's JDBC calls per borrow and the share of borrows it validated, and, at a"
            + " failover, every request that failed with the physical connection it ran on, its idle time and whether"
            + " the pool validated it. The proxies add microseconds per call: compare throughput and latencies from"
            + " an untraced run.")
    boolean traceJdbc;

    /** @return whether the webapp traces the JDBC calls beneath the pool */
    public boolean on() {
        return traceJdbc;
    }
}
