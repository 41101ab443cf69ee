package io.poolbench.webapp;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.load.PoolErrors;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The concurrency scenario's paged range query ({@link Queries#MEDIUM_SQL_NUMBERED}) through the R2DBC pool bound in JNDI, in one
 * of two ways a servlet can use a reactive driver:
 * <ul>
 *   <li>{@link Mode#BLOCKING} ({@code /medium}): the request thread subscribes and blocks until the rows are there,
 *       the way a synchronous servlet (Spring MVC without coroutines) must use R2DBC: the Tomcat thread is held
 *       for the whole query, as with JDBC;</li>
 *   <li>{@link Mode#ASYNC} ({@code /medium-async}): Servlet 3 async: the request thread returns at once, the query
 *       runs on the driver's event loop, and the response is written on a container thread when the rows are
 *       there ({@link AsyncContext#start}), as Spring MVC does for a {@code suspend} handler or a {@code Mono}
 *       (the concurrency article's R2DBC stack): while waiting for the database no Tomcat thread is held.</li>
 * </ul>
 * Responses are those of {@link QueryServlet}: 200 with {@code result}, {@code borrowUs}, {@code queryUs}; 400 for a
 * bad parameter; 503 {@code pool-timeout} (r2dbc-pool's {@code maxAcquireTime}) or {@code connect-failed}; 500
 * with the SQLSTATE, classed by {@link PoolErrors#classifyStatement} ({@code connection-lost}, {@code read-only} or
 * {@code sql}).
 */
final class R2dbcQueryServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Longest an async request may take before Tomcat ends it, ms (JMeter's response timeout in the plans). */
    static final long ASYNC_TIMEOUT_MS = 120_000;

    /** How the servlet waits for the rows. */
    enum Mode { BLOCKING, ASYNC }

    private final Mode mode;
    private final String jndiName;
    private final DataSet data;
    private transient ConnectionPool pool;

    R2dbcQueryServlet(Mode mode, String jndiName, DataSet data) {
        this.mode = mode;
        this.jndiName = jndiName;
        this.data = data;
    }

    @Override
    public void init() {
        pool = lookup(jndiName);
    }

    /** @return the R2DBC pool bound at {@code java:comp/env/<jndiName>} */
    static ConnectionPool lookup(String jndiName) {
        try {
            return (ConnectionPool) new InitialContext().lookup("java:comp/env/" + jndiName);
        } catch (NamingException e) {
            throw new IllegalStateException("JNDI lookup of java:comp/env/" + jndiName + " failed: " + e, e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        QueryParams p;
        try {
            p = new QueryParams(req, data, false);
        } catch (IllegalArgumentException e) {
            Json.error(resp, 400, "bad-parameter", e.getMessage(), null);
            return;
        }
        Mono<Outcome> query = query(p);
        if (mode == Mode.BLOCKING) {
            send(resp, query.block());
            return;
        }
        AsyncContext ac = req.startAsync();
        ac.setTimeout(ASYNC_TIMEOUT_MS);
        query.subscribe(o -> ac.start(() -> {
            try {
                send((HttpServletResponse) ac.getResponse(), o);
            } catch (IOException | RuntimeException e) {
                // the client went away; nothing to answer
            } finally {
                ac.complete();
            }
        }));
    }

    /** A finished request: the body to send and its status. */
    private record Outcome(int status, String error, String message, Map<String, Object> body) {
    }

    private static void send(HttpServletResponse resp, Outcome o) throws IOException {
        if (o.status() == 200) {
            Json.send(resp, 200, o.body());
        } else {
            Json.error(resp, o.status(), o.error(), o.message(), o.body());
        }
    }

    /** The query as a Mono that never fails: errors become an {@link Outcome} with a status. */
    private Mono<Outcome> query(QueryParams p) {
        LocalDateTime from = p.from.atStartOfDay();
        LocalDateTime to = p.from.plusDays(p.days).atStartOfDay();
        return Mono.defer(() -> {
            long t0 = System.nanoTime();
            long[] borrowed = {0};
            return Mono.usingWhen(Mono.from(pool.create()).doOnNext(c -> borrowed[0] = System.nanoTime()),
                    (Connection c) -> Flux.from(c.createStatement(Queries.MEDIUM_SQL_NUMBERED)
                                    .bind(0, p.customer).bind(1, from).bind(2, to).bind(3, p.limit)
                                    .bind(4, p.limit * p.page).execute())
                            .flatMap(r -> r.map((row, meta) -> {
                                Map<String, Object> m = new LinkedHashMap<>();
                                m.put("id", row.get("id", Long.class));
                                m.put("customer_id", row.get("customer_id", Long.class));
                                m.put("created_at", String.valueOf(row.get("created_at", LocalDateTime.class)));
                                m.put("total_amount", row.get("total_amount", BigDecimal.class));
                                m.put("note", row.get("note", String.class));
                                return m;
                            }))
                            .collectList(),
                    Connection::close)
                    .map((List<Map<String, Object>> rows) -> {
                        Map<String, Object> body = new LinkedHashMap<>();
                        body.put("query", "medium");
                        body.put("stack", mode == Mode.ASYNC ? "r2dbc-async" : "r2dbc");
                        body.put("result", rows);
                        body.put("borrowUs", (borrowed[0] - t0) / 1_000);
                        body.put("queryUs", (System.nanoTime() - borrowed[0]) / 1_000);
                        return new Outcome(200, null, null, body);
                    })
                    .onErrorResume(e -> Mono.just(failure(e, borrowed[0] == 0, t0)));
        });
    }

    private static Outcome failure(Throwable e, boolean duringBorrow, long t0) {
        Map<String, Object> extra = new LinkedHashMap<>();
        String msg = Redact.oneLine(String.valueOf(e.getMessage()));
        if (duringBorrow) {
            extra.put("borrowUs", (System.nanoTime() - t0) / 1_000);
            boolean timeout = false;
            for (Throwable t = e; t != null; t = t.getCause()) {
                timeout |= t instanceof TimeoutException
                        || t.getClass().getSimpleName().contains("Timeout");
            }
            return new Outcome(503, timeout ? PoolErrors.POOL_TIMEOUT : PoolErrors.CONNECT_FAILED, msg, extra);
        }
        if (e instanceof R2dbcException) {
            R2dbcException r = (R2dbcException) e;
            extra.put("sqlState", r.getSqlState());
            extra.put("errorCode", r.getErrorCode());
            return new Outcome(500, PoolErrors.classifyStatement(r.getErrorCode(), r.getSqlState()), msg, extra);
        }
        return new Outcome(500, PoolErrors.SQL, msg, extra);
    }
}
