package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;

class PresetsTest {
    @Test
    void presetsAreWiredAsDocumented() {
        Presets.Plan q = Presets.plan("quick");
        assertEquals(List.of(1, 4), q.ratios());
        assertEquals(List.of(0, 500), q.validUs());
        assertEquals(1, q.forks());
        Presets.Plan f = Presets.plan("full");
        assertEquals(List.of(1, 2, 4, 8), f.ratios());
        assertEquals(3, f.forks());
        assertEquals(10, f.iterations());
        Presets.Plan more = f.with(8, null, 5);
        assertEquals(8, more.forks());
        assertEquals(f.warmups(), more.warmups());
        assertEquals(5, more.iterations());
        assertEquals(f.ratios(), more.ratios());
        assertThrows(TestbedException.class, () -> f.with(0, null, null));
        TestbedException e = assertThrows(TestbedException.class, () -> Presets.plan("fast"));
        assertTrue(e.getMessage().contains("'fast'"));
        Options o = Presets.connectionCycle(q, List.of("hikari"), 4, 4, Path.of("x.json")).build();
        assertEquals(16, o.getThreads().get());
        assertEquals(List.of("jdbc:stub:bench", "jdbc:stub:bench?validUs=500"),
                List.copyOf(o.getParameter("stubUrl").get()));
        assertEquals(List.of("4"), List.copyOf(o.getParameter("poolSize").get()));
    }

    @Test
    void roundTripsPerBorrowShowValidationOnBorrow() throws SQLException {
        Map<String, Double> dbcp2 = RoundTrips.perBorrow("dbcp2", 4, 1_000);
        Map<String, Double> hikari = RoundTrips.perBorrow("hikari", 4, 1_000);
        Map<String, Double> seed = RoundTrips.perBorrow("aurora-article-dbcp2", 4, 1_000);
        // DBCP2 validates every borrow (testOnBorrow=true); HikariCP skips connections used within 500 ms
        assertEquals(1.0, dbcp2.get("validate"), 1e-9);
        assertEquals(0.0, hikari.get("validate"), 1e-9);
        // the Aurora article's validationQuery runs as a statement and counts as a validation round trip
        assertEquals(1.0, seed.get("validate"), 1e-9);
        assertEquals(0.0, seed.get("execute"), 1e-9);
    }
}
