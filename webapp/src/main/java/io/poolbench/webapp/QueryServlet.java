package io.poolbench.webapp;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.WriteOutcome;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Serves one query class from the pool bound in JNDI ({@code java:comp/env/jdbc/...}). Parameters pick the rows;
 * a missing parameter is drawn at random within the data set. Responses are JSON:
 * <ul>
 *   <li>200 with the result and {@code borrowUs} (time spent in getConnection, µs) and {@code queryUs};</li>
 *   <li>400 for a bad parameter;</li>
 *   <li>503 when no connection could be borrowed: {@code error} is {@code pool-timeout} (the pool's own timeout,
 *       connectionTimeout / maxWaitMillis) or {@code connect-failed} (the database refused or could not be reached);</li>
 *   <li>500 for an error in the query, with {@code sqlState} and {@code errorCode}, never a stack trace:
 *       {@code error} is {@code read-only} (a read-only server refused a write: the old writer after a failover),
 *       {@code connection-lost} (the connection broke under the query) or {@code sql}.</li>
 * </ul>
 * The classes are {@link PoolErrors#classify}'s, the same as {@code /screen}'s. Every request is also a row of the server's {@link ScreenLog} when it has one (screen = the query class, one
 * borrow): the webapp's own record of the time spent in getConnection, which compare reads beside JMeter's.
 */
final class QueryServlet extends JdbcServlet {
    private static final long serialVersionUID = 1L;

    /** The query class a servlet instance serves. */
    enum Kind { SHORT, MEDIUM, LONG, WRITE }

    private final Kind kind;

    QueryServlet(Kind kind, String jndiName, DataSet data, RequestLogs logs) {
        super(jndiName, data, logs);
        this.kind = kind;
    }

    @Override
    void handle(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        QueryParams p;
        try {
            p = new QueryParams(req, data(), kind == Kind.WRITE);
        } catch (IllegalArgumentException e) {
            Json.error(resp, 400, "bad-parameter", e.getMessage(), null);
            return;
        }
        long startMs = System.currentTimeMillis();
        long t0 = System.nanoTime();
        Borrows borrows = logs().borrows();
        Borrows.Lease c;
        try {
            c = borrows.borrow(dataSource());
        } catch (SQLException e) {
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("sqlState", e.getSQLState());
            extra.put("borrowUs", borrows.waitUs());
            String error = PoolErrors.classify(e, true);
            record(startMs, 503, error, borrows, (System.nanoTime() - t0) / 1_000, p, WriteOutcome.FAILED);
            Json.error(resp, 503, error, Redact.oneLine(e.getMessage()), extra);
            return;
        }
        long t1 = System.nanoTime();
        Map<String, Object> body = new LinkedHashMap<>();
        try (c) {
            body.put("query", Labels.of(kind));
            body.put("result", run(c.connection(), p));
        } catch (SQLException e) {
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("sqlState", e.getSQLState());
            extra.put("errorCode", e.getErrorCode());
            String error = PoolErrors.classify(e, false);
            record(startMs, 500, error, borrows, (System.nanoTime() - t0) / 1_000, p, WriteOutcome.ofFailure(true, e));
            Json.error(resp, 500, error, Redact.oneLine(e.getMessage()), extra);
            return;
        }
        record(startMs, 200, "", borrows, (System.nanoTime() - t0) / 1_000, p, WriteOutcome.ACKNOWLEDGED);
        body.put("borrowUs", borrows.waitUs());
        body.put("queryUs", (System.nanoTime() - t1) / 1_000);
        Json.send(resp, 200, body);
    }

    /** @param outcome what is known of the write, for the write query class (ignored for the others) */
    private void record(long startMs, int status, String error, Borrows borrows, long elapsedUs, QueryParams p,
            WriteOutcome outcome) {
        boolean write = kind == Kind.WRITE;
        logs().record(borrows, startMs, Labels.of(kind), 0, status, error, elapsedUs,
                write ? p.writeId : null, write ? outcome : null);
    }

    private Object run(Connection c, QueryParams p) throws SQLException {
        switch (kind) {
            case SHORT:
                return Queries.shortLookup(c, p.id);
            case MEDIUM:
                return Queries.mediumPage(c, p.customer, p.from.atStartOfDay(), p.from.plusDays(p.days).atStartOfDay(),
                        p.limit, p.limit * p.page);
            case LONG:
                return Queries.longJoin(c, p.first, p.width, p.products);
            case WRITE:
                Queries.write(c, p.writeId, "poolbench write");
                return Map.of("id", p.writeId, "committed", true);
            default:
                throw new IllegalStateException(kind.toString());
        }
    }
}
