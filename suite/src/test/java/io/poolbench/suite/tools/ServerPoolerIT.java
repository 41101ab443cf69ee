package io.poolbench.suite.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.EmbeddedPostgresDatabase;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PgBouncer and pgpool-II, as poolbench starts them in front of embedded PostgreSQL: they answer a query through
 * the pooler, keep their filled configuration and log, and leave no process, port or socket behind when closed.
 * Skipped when the pooler is not installed ({@code .ci/run} installs both).
 */
class ServerPoolerIT {
    private static Database db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void start() {
        db = EmbeddedPostgresDatabase.start(200);
    }

    @AfterAll
    static void stop() {
        db.close();
    }

    @Test
    void pgBouncerStartsAnswersAndLeavesNothing() throws Exception {
        Optional<PgBouncer> b = PgBouncer.create("session", 5);
        assumeTrue(b.isPresent(), "PgBouncer is not installed (" + PgBouncer.INSTALL + ")");
        check(b.get(), "pgbouncer.ini");
    }

    @Test
    void pgpoolStartsAnswersAndLeavesNothing() throws Exception {
        Optional<PgpoolII> p = PgpoolII.create(8);
        assumeTrue(p.isPresent(), "pgpool-II is not installed (" + PgpoolII.INSTALL + ")");
        check(p.get(), "pgpool.conf");
    }

    private void check(ServerPooler pooler, String config) throws Exception {
        PostgresBackend backend = PostgresBackend.of(db);
        List<Long> pids;
        int port;
        try (ServerPooler p = pooler) {
            p.start(backend.pooler(), tmp.resolve("pooler"));
            port = p.port();
            pids = p.pids();
            assertFalse(pids.isEmpty());
            try (Connection c = DriverManager.getConnection(p.jdbcUrl(backend.database()), backend.user(), "");
                 Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT 41 + 1")) {
                assertTrue(r.next());
                assertEquals(42, r.getInt(1));
            }
            assertTrue(Files.readString(tmp.resolve("pooler").resolve(config)).contains("port"), "filled config kept");
            assertFalse(p.version().isBlank());
        }
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " left");
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            throw new AssertionError("port " + port + " still answers");
        } catch (IOException expected) {
            // closed
        }
    }
}
