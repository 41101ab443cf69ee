package io.poolbench.webapp;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Dialect;
import io.poolbench.testbed.db.Queries;
import io.poolbench.testbed.load.PoolErrors;
import io.poolbench.testbed.load.ScreenLog;
import io.poolbench.testbed.load.ScreenModel.Screen;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.load.WriteOutcome;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code /screen?screen=short|medium|long&user=N[&writeId=ID]}: one page of the Aurora article's application, several
 * queries per request as {@link ScreenModel} says, borrowing once per request or once per query. With
 * {@code writeId} the request ends with a committed write of that id (the failover variant's ledger).
 *
 * <p>200 with {@code borrows}, {@code borrowWaitUs} (total time in {@code getConnection()}), {@code borrowMaxUs};
 * 400 for a bad parameter; 503 {@code pool-timeout} or {@code connect-failed} when a borrow failed; 500
 * {@code read-only} when a read-only server refused a write (the connection reached an old writer after a
 * failover), {@code connection-lost} when the connection broke under a query, {@code sql} for any other error in a
 * query ({@link PoolErrors#classify}). Every request is also a row of the {@link ScreenLog} when the server has one.
 */
final class ScreenServlet extends JdbcServlet {
    private static final long serialVersionUID = 1L;

    private final transient ScreenModel model;
    private transient volatile Dialect dialect;

    ScreenServlet(String jndiName, DataSet data, ScreenModel model, RequestLogs logs) {
        super(jndiName, data, logs);
        this.model = model;
    }

    /**
     * @param u the {@code user} parameter: the JMeter user's number, or null for a random one of 1 … 999
     * @return the user, whose own SQL times the screens' model gives ({@code queryMs(screen, user)})
     * @throws NumberFormatException when it is no number
     * @throws IllegalArgumentException when it is negative
     */
    private static long user(String u) {
        long user = u == null ? ThreadLocalRandom.current().nextInt(1, 1000) : Long.parseLong(u);
        if (user < 0) {
            throw new IllegalArgumentException("user=" + u + " must be 0 or more");
        }
        return user;
    }

    @Override
    void handle(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long startMs = System.currentTimeMillis();
        long t0 = System.nanoTime();
        Screen screen;
        long user;
        String writeId = req.getParameter("writeId");
        try {
            screen = Screen.parse(String.valueOf(req.getParameter("screen")));
            user = user(req.getParameter("user"));
            if (writeId != null && (writeId.isBlank() || writeId.length() > 64)) {
                throw new IllegalArgumentException("writeId must have 1 to 64 characters");
            }
        } catch (NumberFormatException e) {
            Json.error(resp, 400, "bad-parameter", "user=" + req.getParameter("user") + " is not a number", null);
            return;
        } catch (IllegalArgumentException e) {
            Json.error(resp, 400, "bad-parameter", e.getMessage(), null);
            return;
        }
        Borrows tr = logs().borrows();
        int status = 200;
        String error = "";
        String message = null;
        Map<String, Object> extra = new LinkedHashMap<>();
        int queries = model.queries(screen);
        double queryMs = model.queryMs(screen, user);
        boolean writeSent = false; // from here a failed request's write may have committed
        WriteOutcome writeOutcome = writeId == null ? null : WriteOutcome.ACKNOWLEDGED;
        try {
            if (model.borrow() == ScreenModel.Borrow.PER_REQUEST) {
                try (Borrows.Lease c = tr.borrow(dataSource())) {
                    for (int i = 0; i < queries; i++) {
                        query(c.connection(), queryMs);
                    }
                    if (writeId != null) {
                        writeSent = true;
                        Queries.write(c.connection(), writeId, "aurora " + screen.label());
                    }
                }
            } else {
                for (int i = 0; i < queries; i++) {
                    try (Borrows.Lease c = tr.borrow(dataSource())) {
                        query(c.connection(), queryMs);
                    }
                }
                if (writeId != null) {
                    try (Borrows.Lease c = tr.borrow(dataSource())) {
                        writeSent = true;
                        Queries.write(c.connection(), writeId, "aurora " + screen.label());
                    }
                }
            }
        } catch (SQLException e) {
            boolean borrowFailed = tr.failed();
            status = borrowFailed ? 503 : 500;
            error = PoolErrors.classify(e, borrowFailed);
            message = Redact.oneLine(e.getMessage());
            extra.put("sqlState", e.getSQLState());
            extra.put("errorCode", e.getErrorCode());
            writeOutcome = writeId == null ? null : WriteOutcome.ofFailure(writeSent, e);
        }
        long elapsedUs = (System.nanoTime() - t0) / 1_000;
        logs().record(tr, startMs, screen.label(), user, status, error, elapsedUs, writeId, writeOutcome);
        extra.put("screen", screen.label());
        extra.put("user", user);
        extra.put("queries", queries);
        extra.put("borrows", tr.count());
        extra.put("borrowWaitUs", tr.waitUs());
        extra.put("borrowMaxUs", tr.maxUs());
        if (status == 200) {
            extra.put("sqlMs", Math.round(queries * queryMs));
            Json.send(resp, 200, extra);
        } else {
            Json.error(resp, status, error, message, extra);
        }
    }

    private void query(Connection c, double queryMs) throws SQLException {
        Dialect d = dialect;
        if (d == null) {
            d = Dialect.fromJdbcUrl(c.getMetaData().getURL());
            dialect = d;
        }
        Queries.screenQuery(c, d, 1 + ThreadLocalRandom.current().nextInt(data().orders()), queryMs);
    }
}
