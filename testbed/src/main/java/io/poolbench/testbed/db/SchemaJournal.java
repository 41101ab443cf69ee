package io.poolbench.testbed.db;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Changes a run makes to the schema of a database it did not create (the concurrency scenario drops its index to measure without
 * it), journalled in the database itself before they are made: a row of {@code poolbench_meta} under
 * {@code change:<name>} holds the statement that undoes the change and the pid of the run. The run undoes it at its
 * end, also on failure and on Ctrl-C; when the run is killed first ({@code kill -9}), the next run against the same
 * database finds the row while loading the data set ({@link DataSet#ensureLoaded}) and undoes the change, or refuses
 * to start while the run that made it is still alive.
 */
public final class SchemaJournal {
    private static final String PREFIX = "change:";
    private static final String SEP = "\n";

    private SchemaJournal() {
    }

    /**
     * Journals a change, then makes it.
     *
     * @param db the database (its data set loaded: {@code poolbench_meta} exists)
     * @param name the change's name, e.g. the index's
     * @param doSql the statement that makes the change
     * @param undoSql the statement that undoes it (idempotent, e.g. {@code CREATE INDEX IF NOT EXISTS})
     * @throws TestbedException naming the statement when SQL fails
     */
    public static void change(Database db, String name, String doSql, String undoSql) {
        ProcessHandle me = ProcessHandle.current();
        String entry = undoSql + SEP + me.pid() + SEP + me.info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
        try (Connection c = db.connect()) {
            c.setAutoCommit(true);
            try (PreparedStatement del = c.prepareStatement("DELETE FROM poolbench_meta WHERE k = ?");
                 PreparedStatement ins = c.prepareStatement("INSERT INTO poolbench_meta (k, v) VALUES (?, ?)")) {
                del.setString(1, PREFIX + name);
                del.executeUpdate();
                ins.setString(1, PREFIX + name);
                ins.setString(2, entry);
                ins.executeUpdate();
            }
            try (Statement s = c.createStatement()) {
                s.execute(doSql);
            }
        } catch (SQLException e) {
            throw new TestbedException("\"" + doSql + "\" failed: " + Redact.oneLine(e.getMessage()), e);
        }
    }

    /**
     * Undoes a change if it is journalled (and makes the undo statement's state sure either way), then removes the
     * journal row.
     *
     * @param db the database
     * @param name the change's name
     * @param undoSql the statement that undoes it, run even without a journal row (it is idempotent)
     * @throws TestbedException naming the statement when SQL fails
     */
    public static void undo(Database db, String name, String undoSql) {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute(undoSql);
            try (PreparedStatement del = c.prepareStatement("DELETE FROM poolbench_meta WHERE k = ?")) {
                del.setString(1, PREFIX + name);
                del.executeUpdate();
            }
        } catch (SQLException e) {
            throw new TestbedException("\"" + undoSql + "\" failed: " + Redact.oneLine(e.getMessage()), e);
        }
    }

    /**
     * Undoes the changes that runs whose process is gone left journalled in a database.
     *
     * @param c a connection to it ({@code poolbench_meta} exists)
     * @return one line per change undone, e.g. {@code undid what a killed run (pid 4711) left: CREATE INDEX ...}
     * @throws TestbedException when a run that is still alive holds a change (its measurement depends on it)
     * @throws SQLException when the journal cannot be read or a change undone
     */
    static List<String> recover(Connection c) throws SQLException {
        List<String[]> pending = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k, v FROM poolbench_meta WHERE k LIKE '" + PREFIX + "%'")) {
            while (rs.next()) {
                pending.add(new String[] {rs.getString(1), rs.getString(2)});
            }
        }
        List<String> out = new ArrayList<>();
        for (String[] p : pending) {
            String[] v = p[1].split(SEP, -1);
            long pid = v.length > 1 ? Long.parseLong(v[1]) : -1;
            long started = v.length > 2 ? Long.parseLong(v[2]) : 0;
            Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(x -> x.info()
                    .startInstant().map(i -> Math.abs(i.toEpochMilli() - started) <= 1_000).orElse(true));
            if (h.isPresent() && pid != ProcessHandle.current().pid()) {
                throw new TestbedException("another poolbench run (pid " + pid + ") has changed this database for"
                        + " its measurement (" + p[0].substring(PREFIX.length()) + "): wait for it to end, or stop it");
            }
            try (Statement s = c.createStatement()) {
                boolean auto = c.getAutoCommit();
                c.setAutoCommit(true);
                s.execute(v[0]);
                try (PreparedStatement del = c.prepareStatement("DELETE FROM poolbench_meta WHERE k = ?")) {
                    del.setString(1, p[0]);
                    del.executeUpdate();
                }
                c.setAutoCommit(auto);
            }
            out.add("undid what a killed run (pid " + pid + ") left in the database: " + v[0]);
        }
        return out;
    }
}
