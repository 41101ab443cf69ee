package io.poolbench.testbed.stub;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-operation delays of the stub driver, in microseconds, parsed from the URL's query part.
 *
 * @param connectUs opening a connection
 * @param validUs {@code Connection.isValid} (JDBC4 validation) and a validation query
 * @param executeUs executing a statement
 * @param commitUs commit
 * @param rollbackUs rollback
 * @param autoCommitUs {@code setAutoCommit}
 */
public record StubDelays(long connectUs, long validUs, long executeUs, long commitUs, long rollbackUs,
        long autoCommitUs) {

    /** No delays: the pure-overhead case. */
    public static final StubDelays NONE = new StubDelays(0, 0, 0, 0, 0, 0);

    /**
     * @param url {@code jdbc:stub:name?connectUs=..&validUs=..} (unknown keys are an error)
     * @return the delays
     * @throws IllegalArgumentException naming an unknown key or a bad number
     */
    public static StubDelays parse(String url) {
        int q = url.indexOf('?');
        if (q < 0) {
            return NONE;
        }
        Map<String, Long> m = new HashMap<>();
        for (String kv : url.substring(q + 1).split("&")) {
            if (kv.isEmpty()) {
                continue;
            }
            int eq = kv.indexOf('=');
            String k = eq < 0 ? kv : kv.substring(0, eq);
            String v = eq < 0 ? "" : kv.substring(eq + 1);
            switch (k) {
                case "connectUs": case "validUs": case "executeUs": case "commitUs": case "rollbackUs":
                case "autoCommitUs":
                    try {
                        long n = Long.parseLong(v);
                        if (n < 0) {
                            throw new NumberFormatException("negative");
                        }
                        m.put(k, n);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("stub driver URL: " + k + "=" + v
                                + " is not a non-negative number of microseconds");
                    }
                    break;
                default:
                    throw new IllegalArgumentException("stub driver URL: unknown setting '" + k + "'; known:"
                            + " connectUs, validUs, executeUs, commitUs, rollbackUs, autoCommitUs");
            }
        }
        return new StubDelays(m.getOrDefault("connectUs", 0L), m.getOrDefault("validUs", 0L),
                m.getOrDefault("executeUs", 0L), m.getOrDefault("commitUs", 0L), m.getOrDefault("rollbackUs", 0L),
                m.getOrDefault("autoCommitUs", 0L));
    }
}
