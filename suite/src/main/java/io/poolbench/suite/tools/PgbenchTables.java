package io.poolbench.suite.tools;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * pgbench's tables, created the way {@code pgbench -i -s SCALE -I dtGvp} does (drop, create, server-side generate,
 * vacuum, primary keys), from Java, so the Java clients of the connect scenario run where pgbench is not installed and real
 * pgbench finds what it expects. Rows: {@code pgbench_branches} SCALE, {@code pgbench_tellers} 10 × SCALE,
 * {@code pgbench_accounts} 100,000 × SCALE (source: pgbench's documentation and {@code initGenerateDataServerSide}
 * in pgbench.c). The {@code -S} transaction reads one account by primary key.
 */
public final class PgbenchTables {
    /** Accounts per scale unit (pgbench's {@code naccounts}). */
    public static final int ACCOUNTS_PER_SCALE = 100_000;

    private PgbenchTables() {
    }

    /**
     * (Re)creates the tables on a PostgreSQL server.
     *
     * @param c a connection (auto-commit)
     * @param scale pgbench's scale factor (≥ 1)
     * @throws SQLException when the server refuses
     */
    public static void create(Connection c, int scale) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS pgbench_accounts, pgbench_branches, pgbench_history, pgbench_tellers");
            s.execute("CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp,"
                    + " filler char(22))");
            s.execute("CREATE TABLE pgbench_tellers (tid int NOT NULL, bid int, tbalance int, filler char(84))"
                    + " WITH (fillfactor = 100)");
            s.execute("CREATE TABLE pgbench_accounts (aid int NOT NULL, bid int, abalance int, filler char(84))"
                    + " WITH (fillfactor = 100)");
            s.execute("CREATE TABLE pgbench_branches (bid int NOT NULL, bbalance int, filler char(88))"
                    + " WITH (fillfactor = 100)");
            s.execute("INSERT INTO pgbench_branches (bid, bbalance) SELECT bid, 0 FROM generate_series(1, " + scale
                    + ") AS bid");
            s.execute("INSERT INTO pgbench_tellers (tid, bid, tbalance) SELECT tid, (tid - 1) / 10 + 1, 0 FROM"
                    + " generate_series(1, " + 10 * scale + ") AS tid");
            s.execute("INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT aid, (aid - 1) / "
                    + ACCOUNTS_PER_SCALE + " + 1, 0, '' FROM generate_series(1, " + (long) ACCOUNTS_PER_SCALE * scale
                    + ") AS aid");
            s.execute("VACUUM ANALYZE pgbench_branches, pgbench_tellers, pgbench_accounts, pgbench_history");
            s.execute("ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid)");
            s.execute("ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid)");
            s.execute("ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid)");
        }
    }

    /**
     * @param c a connection
     * @return the scale the tables hold (rows of {@code pgbench_branches}, as pgbench reads it), or 0 when absent
     */
    static int scale(Connection c) {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM pgbench_branches")) {
            r.next();
            return r.getInt(1);
        } catch (SQLException e) {
            return 0;
        }
    }

    /**
     * pgbench's {@code -S} transaction for one account.
     *
     * @param aid the account, 1 .. 100,000 × scale
     * @return {@code SELECT abalance FROM pgbench_accounts WHERE aid = <aid>}
     */
    public static String selectOnly(long aid) {
        return "SELECT abalance FROM pgbench_accounts WHERE aid = " + aid;
    }
}
