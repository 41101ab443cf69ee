package io.poolbench.suite.sharedconnection;

import io.poolbench.testbed.report.Table;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The shared-connection scenario's memory tables: what the client allocated for the connections and the query beside the article's Table
 * 1 (as ratios to the shared connection: a JVM allocates objects, C mallocs), the heap retained per open
 * connection, and each server backend's memory with N connections open.
 */
final class MemoryTables {
    private MemoryTables() {
    }

    /**
     * @param mem the memory figures
     * @param art the article's figures (Table 1)
     * @return the Markdown
     */
    static String markdown(SharedConnectionData.Memory mem, SharedConnectionData.Article art) {
        StringBuilder md = new StringBuilder();
        md.append("\n## Memory per connection\n\nClient: bytes the JVM allocated for ")
                .append(mem.connections()).append(" connections plus the simple query"
                        + " (ThreadMXBean per-thread allocation counters, median of 5 after 2 unrecorded warm-ups;"
                        + " pool: ").append(mem.pool() == null ? "–" : mem.pool()).append(", filled before). The article"
                        + " counted a C client's malloc calls and bytes: Java has no malloc count and allocates"
                        + " objects, so compare the ratios to the shared connection, not the bytes.\n\n");
        Table client = Table.of("implementation", ">ours, bytes", ">÷ shared", ">article allocations",
                ">article bytes", ">÷ shared");
        Map<String, Long> allocated = mem.clientAllocatedBytes() == null ? Map.of() : mem.clientAllocatedBytes();
        double ourShared = allocated.containsKey("shared connection") ? allocated.get("shared connection")
                : Double.NaN;
        double artShared = 180_794;
        for (SharedConnectionData.Table1Row row : art.table1().rows()) {
            Long ours = allocated.get(row.implementation());
            client.row(row.implementation(), ours != null ? String.format(Locale.ROOT, "%,d", ours) : "–",
                    ours != null ? String.format(Locale.ROOT, "%.2f", ours / ourShared) : "–",
                    String.format(Locale.ROOT, "%,d", row.allocations()), String.format(Locale.ROOT, "%,d",
                            row.bytes()), String.format(Locale.ROOT, "%.2f", row.bytes() / artShared));
        }
        md.append(client.markdown());
        md.append(String.format(Locale.ROOT, "%nHeap retained per open connection (pgjdbc, heap used after"
                + " full GCs with %d connections open minus before, ÷ %d): %,.0f bytes.%n%n",
                mem.connections(), mem.connections(), mem.retainedBytesPerConnection()));
        if (mem.serverBackends() != null && !mem.serverBackends().isEmpty()) {
            md.append("Server: each backend's memory with N connections open, each after the simple query"
                    + " (/proc/<pid>/smaps_rollup; RSS counts the shared buffers every backend maps, PSS shares"
                    + " them out, private is what the backend alone holds). The article cites 2–3 MB per"
                    + " connection (its reference [2], not measured there).\n\n");
            Table server = Table.of(">open connections", ">backends read", ">RSS median kB", ">PSS median kB",
                    ">private median kB (min–max)");
            mem.serverBackends().forEach((open, backends) -> {
                List<Double> rss = backends.stream().map(b -> (double) b.rssKb()).toList();
                List<Double> pss = backends.stream().map(b -> (double) b.pssKb()).toList();
                List<Double> priv = backends.stream().map(b -> (double) b.privateKb()).toList();
                server.row(String.valueOf(open), Integer.toString(rss.size()), String.format(Locale.ROOT, "%,.0f",
                        SharedConnectionRows.percentile(rss, 0.5)), String.format(Locale.ROOT, "%,.0f",
                        SharedConnectionRows.percentile(pss, 0.5)), String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)",
                        SharedConnectionRows.percentile(priv, 0.5),
                        priv.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN),
                        priv.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
            });
            md.append(server.markdown());
        } else {
            md.append("Server memory: not read (the server does not run on this machine).\n");
        }
        return md.toString();
    }
}
