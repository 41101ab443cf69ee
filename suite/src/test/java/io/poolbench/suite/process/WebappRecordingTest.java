package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.process.WebappRecording.Kind;
import io.poolbench.suite.process.WebappRecording.Part;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebappRecordingTest {
    @TempDir
    Path tmp;

    @Test
    void aWaitIsPlacedByTheFramesAboveIt() {
        assertEquals(Part.BORROW, WebappRecording.part(List.of("jdk.internal.misc.Unsafe.park",
                "com.zaxxer.hikari.util.ConcurrentBag.borrow", "com.zaxxer.hikari.HikariDataSource.getConnection",
                "io.poolbench.webapp.Borrows.borrow", "io.poolbench.webapp.ScreenServlet.handle")));
        assertEquals(Part.RETURN, WebappRecording.part(List.of("java.net.SocketInputStream.read",
                "com.mysql.cj.jdbc.ConnectionImpl.rollback", "io.poolbench.webapp.Borrows$Lease.close",
                "io.poolbench.webapp.ScreenServlet.handle")));
        assertEquals(Part.WORK, WebappRecording.part(List.of("java.net.SocketInputStream.read",
                "com.mysql.cj.jdbc.ClientPreparedStatement.executeQuery", "io.poolbench.testbed.db.Queries.screenQuery",
                "io.poolbench.webapp.ScreenServlet.handle")));
        assertEquals(Part.POOL_THREADS, WebappRecording.part(List.of("java.net.SocketInputStream.read",
                "com.mysql.cj.jdbc.ConnectionImpl.<init>", "com.zaxxer.hikari.pool.HikariPool$PoolEntryCreator.call")));
        assertNull(WebappRecording.part(List.of("jdk.internal.misc.Unsafe.park",
                "org.apache.tomcat.util.threads.TaskQueue.poll",
                "org.apache.tomcat.util.threads.ThreadPoolExecutor.getTask")), "an idle worker waits for no request");
        assertNull(WebappRecording.part(List.of()), "no stack, no place");
    }

    @Test
    void theSettingsRecordParksAndNeitherEnvironmentNorSystemProperties() throws Exception {
        WebappRecording.jvmArgs(tmp);
        Path jfr = tmp.resolve(WebappRecording.FILE);
        long from = System.currentTimeMillis();
        try (Recording r = new Recording(Configuration.create(tmp.resolve("webapp.jfc")))) {
            r.start();
            long end = System.nanoTime() + 30_000_000L;
            while (System.nanoTime() < end) {
                LockSupport.parkNanos(end - System.nanoTime());
            }
            r.stop();
            r.dump(jfr);
        }
        long to = System.currentTimeMillis() + 1;
        WebappRecording.Waits w = WebappRecording.read(jfr, from, to, to).of(Kind.PARK, Part.POOL_THREADS, false);
        assertTrue(w.count() >= 1 && w.totalMs() >= 25, "the test thread's 30 ms of parking: " + w);
        assertEquals(0, WebappRecording.read(jfr, from, from, to).of(Kind.PARK, Part.POOL_THREADS, false).count(),
                "nothing before the split at the start");
        assertFalse(hasEvents(jfr, "jdk.InitialEnvironmentVariable"),
                "the environment (the password's way in) is not recorded");
        assertFalse(hasEvents(jfr, "jdk.InitialSystemProperty"));
        assertFalse(hasEvents(jfr, "jdk.JVMInformation"));
    }

    private static boolean hasEvents(Path jfr, String type) throws Exception {
        return RecordingFile.readAllEvents(jfr).stream().anyMatch(e -> e.getEventType().getName().equals(type));
    }
}
