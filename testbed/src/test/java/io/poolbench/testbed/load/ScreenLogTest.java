package io.poolbench.testbed.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The screen log's rows round-trip, and a log with other columns is refused. */
class ScreenLogTest {
    @TempDir
    Path dir;

    @Test
    void rowsRoundTripWithTheirWritesOutcome() throws Exception {
        Path f = dir.resolve("screens.csv");
        try (CsvLog<ScreenLog.Entry> log = ScreenLog.create(f)) {
            log.add(new ScreenLog.Entry(1, "short", 2, 200, "", 1, 10, 10, 50, ""));
            log.add(new ScreenLog.Entry(2, "medium", 3, 503, "pool-timeout", 1, 10, 10, 50, "w-1", WriteOutcome.FAILED));
            log.add(new ScreenLog.Entry(3, "medium", 4, 500, "sql", 1, 10, 10, 50, "w-2", WriteOutcome.UNKNOWN));
        }
        List<ScreenLog.Entry> rows = ScreenLog.read(f);
        assertEquals(3, rows.size());
        assertNull(rows.get(0).writeOutcome(), "no write");
        assertEquals(WriteOutcome.FAILED, rows.get(1).writeOutcome(), "the borrow failed before the write was sent");
        assertEquals(WriteOutcome.UNKNOWN, rows.get(2).writeOutcome());
    }

    @Test
    void aLogWithoutTheWriteOutcomeColumnIsRefused() throws Exception {
        Path f = dir.resolve("old.csv");
        Files.writeString(f, "startEpochMs,screen,user,status,error,borrows,borrowWaitUs,borrowMaxUs,elapsedUs,writeId\n"
                + "5,long,7,500,sql,1,10,10,900,w-9\n");
        TestbedException e = assertThrows(TestbedException.class, () -> ScreenLog.read(f));
        assertTrue(e.getMessage().contains("another version of poolbench"), e.getMessage());
    }

    @Test
    void aFailedRequestsWriteIsUnknownOnceSentUnlessTheServerRefusedItAsReadOnly() {
        SQLException lost = new SQLException("Communications link failure", "08S01");
        assertEquals(WriteOutcome.FAILED, WriteOutcome.ofFailure(false, lost), "never sent");
        assertEquals(WriteOutcome.UNKNOWN, WriteOutcome.ofFailure(true, lost), "sent, no answer: it may have committed");
        assertEquals(WriteOutcome.FAILED, WriteOutcome.ofFailure(true, new SQLException("read-only", "HY000", 1290)));
        assertEquals(WriteOutcome.FAILED, WriteOutcome.ofFailure(true, new SQLException("ro", "25006")));
    }

    @Test
    void aFileWithOtherColumnsIsRefusedWithItsName() throws Exception {
        Path f = dir.resolve("other.csv");
        Files.writeString(f, "a,b\n1,2\n");
        TestbedException e = assertThrows(TestbedException.class, () -> ScreenLog.read(f));
        assertTrue(e.getMessage().startsWith(f + ": its columns [a, b]"), e.getMessage());
    }
}
