package io.poolbench.testbed.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The query classes, one SQL text each that runs unchanged on PostgreSQL and MySQL:
 * <ul>
 *   <li>short: primary-key lookup of one order;</li>
 *   <li>medium: the concurrency article's paged range query (customer + date range, ORDER BY created_at DESC LIMIT/OFFSET), served
 *       by the index on (customer_id, created_at);</li>
 *   <li>long: the shared-connection article's heavy read, a CROSS JOIN of {@code width} orders (200 by default) with {@code products}
 *       (500 by default), aggregated so that the work is in the server, not on the wire;</li>
 *   <li>write: an insert with a client-chosen id, committed before the call returns.</li>
 * </ul>
 */
public final class Queries {
    /** Short query SQL. */
    public static final String SHORT_SQL =
            "SELECT id, customer_id, created_at, total_amount, note FROM orders WHERE id = ?";
    /** Medium query SQL (the concurrency scenario, verbatim apart from positional parameters). */
    public static final String MEDIUM_SQL = "SELECT id, customer_id, created_at, total_amount, note FROM orders"
            + " WHERE customer_id = ? AND created_at BETWEEN ? AND ? ORDER BY created_at DESC LIMIT ? OFFSET ?";
    /**
     * Medium query SQL with PostgreSQL's numbered bind markers ($1 … $5), as R2DBC's PostgreSQL driver takes them;
     * otherwise {@link #MEDIUM_SQL}.
     */
    public static final String MEDIUM_SQL_NUMBERED = numbered(MEDIUM_SQL);
    /** Long query SQL: orders with id in [?, ?] CROSS JOIN the first ? products. */
    public static final String LONG_SQL = "SELECT COUNT(*) AS pairs, SUM(o.total_amount * p.price) AS weighted"
            + " FROM (SELECT total_amount FROM orders WHERE id BETWEEN ? AND ?) o"
            + " CROSS JOIN (SELECT price FROM products WHERE id <= ?) p";
    /**
     * The long query as the shared-connection article ran it: the CROSS JOIN's rows themselves, every pair of an order in [?, ?]
     * and one of the first ? products (200 × 500 = 100,000 rows), sent to the client.
     */
    public static final String LONG_ROWS_SQL = "SELECT o.id, p.id FROM (SELECT id FROM orders WHERE id BETWEEN ? AND ?) o"
            + " CROSS JOIN (SELECT id FROM products WHERE id <= ?) p";
    /** Rows fetched per round trip by {@link #longJoinRows} (so a client holds one batch, not the whole result). */
    static final int LONG_ROWS_FETCH = 1_000;
    /** Write SQL: the ledger row of the write endpoint. */
    public static final String WRITE_SQL = "INSERT INTO write_ledger (id, created_at, payload) VALUES (?, ?, ?)";
    /** The Aurora scenario's screen query on MySQL: one order by primary key, holding the connection {@code ?} s in the server. */
    public static final String SCREEN_SQL_MYSQL = "SELECT id, SLEEP(?) FROM orders WHERE id = ?";
    /** The Aurora scenario's screen query on PostgreSQL (pg_sleep returns void, so it joins as a one-row function). */
    public static final String SCREEN_SQL_POSTGRESQL = "SELECT o.id FROM orders o CROSS JOIN pg_sleep(?) WHERE o.id = ?";
    /** The shared-connection scenario: 200 x 500 rows. */
    public static final int DEFAULT_LONG_WIDTH = 200;
    /** The shared-connection scenario: 200 x 500 rows. */
    public static final int DEFAULT_LONG_PRODUCTS = 500;

    private Queries() {
    }

    /** @return {@code sql} with its {@code ?} markers numbered {@code $1, $2, …} */
    private static String numbered(String sql) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (char ch : sql.toCharArray()) {
            if (ch == '?') {
                sb.append('$').append(++n);
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    /**
     * Short query.
     *
     * @param c connection
     * @param id order id
     * @return the row as column → value, or an empty map when no such order
     * @throws SQLException from the driver
     */
    public static Map<String, Object> shortLookup(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(SHORT_SQL)) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? row(rs) : Map.of();
            }
        }
    }

    /**
     * Medium query: one page of a customer's orders in a date range, newest first.
     *
     * @param c connection
     * @param customerId customer
     * @param from range start (inclusive)
     * @param to range end (inclusive)
     * @param limit page size
     * @param offset rows to skip
     * @return rows in order
     * @throws SQLException from the driver
     */
    public static List<Map<String, Object>> mediumPage(Connection c, long customerId, LocalDateTime from,
            LocalDateTime to, int limit, int offset) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(MEDIUM_SQL)) {
            p.setLong(1, customerId);
            p.setTimestamp(2, Timestamp.valueOf(from));
            p.setTimestamp(3, Timestamp.valueOf(to));
            p.setInt(4, limit);
            p.setInt(5, offset);
            try (ResultSet rs = p.executeQuery()) {
                List<Map<String, Object>> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(row(rs));
                }
                return out;
            }
        }
    }

    /**
     * Long query.
     *
     * @param c connection
     * @param firstOrderId first order id of the window
     * @param width orders in the window
     * @param products products joined
     * @return {@code pairs} (row pairs joined, = width × products when the ids exist) and {@code weighted} (a sum)
     * @throws SQLException from the driver
     */
    public static Map<String, Object> longJoin(Connection c, long firstOrderId, int width, int products)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(LONG_SQL)) {
            p.setLong(1, firstOrderId);
            p.setLong(2, firstOrderId + width - 1);
            p.setInt(3, products);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("pairs", rs.getLong(1));
                m.put("weighted", rs.getBigDecimal(2));
                return m;
            }
        }
    }

    /**
     * The long query as the shared-connection article ran it ({@link #LONG_ROWS_SQL}): every row of the CROSS JOIN is sent to
     * the client and read, {@value #LONG_ROWS_FETCH} rows per round trip (a cursor: auto-commit is off for the query,
     * as PostgreSQL's driver needs for a fetch size, and restored after it).
     *
     * @param c connection
     * @param firstOrderId first order id of the window
     * @param width orders in the window
     * @param products products joined
     * @return rows read (= width × products when the ids exist)
     * @throws SQLException from the driver
     */
    public static long longJoinRows(Connection c, long firstOrderId, int width, int products) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        if (autoCommit) {
            c.setAutoCommit(false);
        }
        try (PreparedStatement p = c.prepareStatement(LONG_ROWS_SQL)) {
            p.setFetchSize(LONG_ROWS_FETCH);
            p.setLong(1, firstOrderId);
            p.setLong(2, firstOrderId + width - 1);
            p.setInt(3, products);
            long rows = 0;
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) {
                    rows++;
                }
            }
            return rows;
        } finally {
            if (autoCommit) {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
    }

    /**
     * Write: inserts one ledger row and commits (auto-commit, or an explicit commit when auto-commit is off).
     *
     * @param c connection
     * @param id client-chosen unique id (at most 64 characters)
     * @param payload text stored with it (at most 100 characters)
     * @throws SQLException from the driver, e.g. a duplicate id or a read-only server (SQLState 25006, MySQL 1290)
     */
    public static void write(Connection c, String id, String payload) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(WRITE_SQL)) {
            p.setString(1, id);
            p.setTimestamp(2, Timestamp.valueOf(LocalDateTime.now()));
            p.setString(3, payload);
            p.executeUpdate();
        }
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    /**
     * One query of a Aurora screen (the {@code ScreenModel} of the load): a primary-key lookup that holds the connection for a
     * given server time.
     *
     * @param c connection
     * @param dialect the server's dialect
     * @param id order id
     * @param serverMs time the query spends in the server, ms
     * @return true when the order exists
     * @throws SQLException from the driver
     */
    public static boolean screenQuery(Connection c, Dialect dialect, long id, double serverMs) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(dialect == Dialect.MYSQL ? SCREEN_SQL_MYSQL
                : SCREEN_SQL_POSTGRESQL)) {
            p.setDouble(1, serverMs / 1000.0);
            p.setLong(2, id);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static Map<String, Object> row(ResultSet rs) throws SQLException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", rs.getLong("id"));
        m.put("customer_id", rs.getLong("customer_id"));
        m.put("created_at", rs.getTimestamp("created_at").toLocalDateTime().toString());
        m.put("total_amount", rs.getBigDecimal("total_amount"));
        m.put("note", rs.getString("note"));
        return m;
    }
}
