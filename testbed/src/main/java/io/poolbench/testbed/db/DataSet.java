package io.poolbench.testbed.db;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deterministic data set: {@code orders} (the concurrency scenario: 200,000 rows by default, 100 orders per customer, one year
 * of {@code created_at}) and {@code products} (the shared-connection article's 500-row side of the 200 x 500 CROSS JOIN). The same
 * settings produce the same rows in PostgreSQL and MySQL. Loading uses multi-row INSERTs in transactions of 10,000
 * rows (not row-by-row autocommit).
 *
 * @param orders number of rows in {@code orders}
 * @param customers number of distinct {@code customer_id} values (1..customers)
 * @param products number of rows in {@code products}
 * @param seed random seed
 */
public record DataSet(int orders, int customers, int products, long seed) {
    /** The concurrency scenario's table size. */
    public static final int DEFAULT_ORDERS = 200_000;
    /** 100 orders per customer at the default size. */
    public static final int DEFAULT_CUSTOMERS = 2_000;
    /** The shared-connection scenario's CROSS JOIN is 200 x 500 rows: this is the 500. */
    public static final int DEFAULT_PRODUCTS = 500;
    /** First {@code created_at}; rows spread over the following 365 days. */
    public static final LocalDateTime EPOCH = LocalDateTime.of(2024, 1, 1, 0, 0);
    private static final Logger LOG = LoggerFactory.getLogger(DataSet.class);
    private static final int ROWS_PER_INSERT = 500;
    private static final int ROWS_PER_COMMIT = 10_000;

    /** Validates the sizes. */
    public DataSet {
        if (orders < 1 || customers < 1 || products < 1 || customers > orders) {
            throw new TestbedException("invalid data set size: orders=" + orders + ", customers=" + customers
                    + ", products=" + products + "; all must be >= 1 and customers <= orders");
        }
    }

    /**
     * The range of every command's {@code --rows} (the orders of this data set), checked before anything starts.
     *
     * @param orders rows in {@code orders}
     * @return orders
     * @throws TestbedException one line when it is outside 100 .. 100,000,000
     */
    public static int checkOrders(int orders) {
        Cli.range("--rows", orders, 100, 100_000_000);
        return orders;
    }

    /**
     * @param orders rows in {@code orders}; customers scale with it (100 orders each, at least 1)
     * @return a data set with the default seed and product count
     */
    public static DataSet ofOrders(int orders) {
        return new DataSet(orders, Math.max(1, orders / 100), DEFAULT_PRODUCTS, 42L);
    }

    /** @return the concurrency article's size: 200,000 orders */
    public static DataSet defaults() {
        return ofOrders(DEFAULT_ORDERS);
    }

    /** @return the value stored in {@code poolbench_meta} to recognise an identical, already loaded data set */
    public String fingerprint() {
        return "v1 orders=" + orders + " customers=" + customers + " products=" + products + " seed=" + seed;
    }

    /**
     * Creates the schema and loads the rows unless the same data set is already there; on a data set already there,
     * first undoes what a killed run left changed in it ({@link SchemaJournal}).
     *
     * @param db database to load
     * @return true when rows were loaded, false when an identical data set was found
     * @throws TestbedException naming the database when SQL fails, or when a live run holds a change of its schema
     */
    public boolean ensureLoaded(Database db) {
        try (Connection c = db.connect()) {
            if (fingerprint().equals(currentFingerprint(c))) {
                LOG.info("data set already loaded ({})", fingerprint());
                // a run killed while it had changed the schema (the concurrency scenario without its index) left a journal row
                SchemaJournal.recover(c).forEach(l -> System.out.println("poolbench: " + l));
                return false;
            }
            long t0 = System.nanoTime();
            load(c);
            LOG.info("loaded {} orders and {} products in {} ms", orders, products,
                    (System.nanoTime() - t0) / 1_000_000);
            return true;
        } catch (SQLException e) {
            throw new TestbedException("loading the data set into " + Redact.url(db.jdbcUrl()) + " failed: "
                    + Redact.secret(Redact.oneLine(e.getMessage()), db.password()), e);
        }
    }

    /** The index the concurrency article's query and compare's /medium use (schema.sql); the concurrency scenario drops it for a while. */
    public static final String ORDERS_INDEX = "idx_orders_customer_created";

    /**
     * Whether the orders index is there, for the manifest: a run on a database without it measures another query
     * plan, so every run that uses it says which it measured.
     *
     * @param db the database
     * @return {@code index idx_orders_customer_created present}, {@code ... MISSING}, or {@code ... unknown (why)}
     */
    public static String indexNote(Database db) {
        try (Connection c = db.connect(); ResultSet rs = c.getMetaData().getIndexInfo(null, null, "orders", false,
                true)) {
            while (rs.next()) {
                if (ORDERS_INDEX.equalsIgnoreCase(rs.getString("INDEX_NAME"))) {
                    return "index " + ORDERS_INDEX + " present";
                }
            }
            return "index " + ORDERS_INDEX + " MISSING";
        } catch (SQLException e) {
            return "index " + ORDERS_INDEX + " unknown (" + Redact.oneLine(e.getMessage()) + ")";
        }
    }

    private static String currentFingerprint(Connection c) {
        try (ResultSet t = c.getMetaData().getTables(null, null, "poolbench_meta", null)) {
            if (!t.next()) {
                return null;
            }
        } catch (SQLException e) {
            return null;
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT v FROM poolbench_meta WHERE k = 'dataset'")) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException noTable) {
            return null;
        }
    }

    private void load(Connection c) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            for (String stmt : schemaStatements()) {
                s.execute(stmt);
            }
        }
        c.setAutoCommit(false);
        try {
            insertOrders(c);
            insertProducts(c);
            try (PreparedStatement p = c.prepareStatement("INSERT INTO poolbench_meta (k, v) VALUES ('dataset', ?)")) {
                p.setString(1, fingerprint());
                p.executeUpdate();
            }
            c.commit();
            try (Statement s = c.createStatement()) {
                s.execute(db(c) == Dialect.POSTGRESQL ? "ANALYZE" : "ANALYZE TABLE orders, products");
            }
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    private static Dialect db(Connection c) throws SQLException {
        return Dialect.fromJdbcUrl(c.getMetaData().getURL());
    }

    private void insertOrders(Connection c) throws SQLException {
        SplittableRandom rnd = new SplittableRandom(seed);
        String sql = multiRowInsert("INSERT INTO orders (id, customer_id, created_at, total_amount, note) VALUES ",
                "(?, ?, ?, ?, ?)", ROWS_PER_INSERT);
        try (PreparedStatement full = c.prepareStatement(sql)) {
            int id = 1;
            while (id <= orders) {
                int n = Math.min(ROWS_PER_INSERT, orders - id + 1);
                PreparedStatement p = n == ROWS_PER_INSERT ? full : c.prepareStatement(
                        multiRowInsert("INSERT INTO orders (id, customer_id, created_at, total_amount, note) VALUES ",
                                "(?, ?, ?, ?, ?)", n));
                try {
                    int k = 1;
                    for (int i = 0; i < n; i++, id++) {
                        p.setLong(k++, id);
                        p.setLong(k++, customerOf(id));
                        p.setTimestamp(k++, Timestamp.valueOf(EPOCH.plusSeconds(rnd.nextInt(365 * 86_400))));
                        p.setBigDecimal(k++, BigDecimal.valueOf(100 + rnd.nextInt(99_900), 2));
                        p.setString(k++, "order " + id + " " + Long.toHexString(rnd.nextLong()));
                    }
                    p.executeUpdate();
                } finally {
                    if (p != full) {
                        p.close();
                    }
                }
                if ((id - 1) % ROWS_PER_COMMIT == 0) {
                    c.commit();
                }
            }
        }
    }

    /**
     * Customer of an order id: orders are dealt round-robin so every customer has about orders/customers rows.
     *
     * @param orderId 1-based order id
     * @return customer id in 1..customers
     */
    public long customerOf(long orderId) {
        return (orderId - 1) % customers + 1;
    }

    private void insertProducts(Connection c) throws SQLException {
        SplittableRandom rnd = new SplittableRandom(seed + 1);
        int id = 1;
        while (id <= products) {
            int n = Math.min(ROWS_PER_INSERT, products - id + 1);
            try (PreparedStatement p = c.prepareStatement(
                    multiRowInsert("INSERT INTO products (id, name, price) VALUES ", "(?, ?, ?)", n))) {
                int k = 1;
                for (int i = 0; i < n; i++, id++) {
                    p.setLong(k++, id);
                    p.setString(k++, "product " + id);
                    p.setBigDecimal(k++, BigDecimal.valueOf(50 + rnd.nextInt(20_000), 2));
                }
                p.executeUpdate();
            }
        }
    }

    private static String multiRowInsert(String head, String tuple, int rows) {
        StringBuilder sb = new StringBuilder(head.length() + rows * (tuple.length() + 2));
        sb.append(head);
        for (int i = 0; i < rows; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(tuple);
        }
        return sb.toString();
    }

    /**
     * @return the statements of {@code src/sql/schema.sql} (packaged as a resource), comments removed
     * @throws TestbedException when the resource is missing (a broken build)
     */
    public static List<String> schemaStatements() {
        try (InputStream in = DataSet.class.getResourceAsStream("/io/poolbench/testbed/sql/schema.sql")) {
            if (in == null) {
                throw new TestbedException("schema.sql is missing from the testbed jar: rebuild with ./mvnw package");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            StringBuilder noComments = new StringBuilder();
            for (String line : text.split("\n")) {
                if (!line.strip().startsWith("--")) {
                    noComments.append(line).append('\n');
                }
            }
            List<String> out = new ArrayList<>();
            for (String stmt : noComments.toString().split(";")) {
                if (!stmt.isBlank()) {
                    out.add(stmt.strip());
                }
            }
            return out;
        } catch (IOException e) {
            throw new TestbedException("cannot read schema.sql from the testbed jar: " + e.getMessage(), e);
        }
    }
}
