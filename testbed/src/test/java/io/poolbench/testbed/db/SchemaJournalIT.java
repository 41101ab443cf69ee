package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * A schema change journalled in the database (the concurrency scenario without its index): a run killed while it holds the change
 * leaves the row, the next run's data set check undoes it; a live run's change is refused, not undone under it.
 */
class SchemaJournalIT {
    static final DataSet DATA = DataSet.ofOrders(2_000);
    static final String CREATE = "CREATE INDEX IF NOT EXISTS " + DataSet.ORDERS_INDEX
            + " ON orders (customer_id, created_at)";

    /** Embedded PostgreSQL for the class, closed by JUnit after its last test. */
    @AutoClose
    static Database db = DatabaseSettings.embedded().open();

    private static void journalledBy(long pid, long startedMs) throws Exception {
        try (Connection c = db.connect();
             PreparedStatement p = c.prepareStatement("UPDATE poolbench_meta SET v = ? WHERE k = ?")) {
            p.setString(1, CREATE + "\n" + pid + "\n" + startedMs);
            p.setString(2, "change:" + DataSet.ORDERS_INDEX);
            assertEquals(1, p.executeUpdate());
        }
    }

    @Test
    void aKilledRunsDroppedIndexComesBackAtTheNextRun() throws Exception {
        DATA.ensureLoaded(db);
        assertTrue(DataSet.indexNote(db).endsWith("present"), DataSet.indexNote(db));
        SchemaJournal.change(db, DataSet.ORDERS_INDEX, "DROP INDEX IF EXISTS " + DataSet.ORDERS_INDEX, CREATE);
        assertTrue(DataSet.indexNote(db).endsWith("MISSING"), DataSet.indexNote(db));
        // the run that dropped it is alive (another process): the next run refuses, the index stays dropped
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        journalledBy(parent.pid(), parent.info().startInstant().orElseThrow().toEpochMilli());
        TestbedException e = assertThrows(TestbedException.class, () -> DATA.ensureLoaded(db));
        assertTrue(e.getMessage().contains("another poolbench run (pid " + parent.pid() + ")"), e.getMessage());
        assertTrue(DataSet.indexNote(db).endsWith("MISSING"));
        // the run was killed: its process is gone, the next run gives the index back and clears the journal
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        journalledBy(gone.pid(), 0);
        DATA.ensureLoaded(db);
        assertTrue(DataSet.indexNote(db).endsWith("present"), DataSet.indexNote(db));
        DATA.ensureLoaded(db);
        // undo without a journal row is harmless
        SchemaJournal.undo(db, DataSet.ORDERS_INDEX, CREATE);
        assertTrue(DataSet.indexNote(db).endsWith("present"));
    }
}
