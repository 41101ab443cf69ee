package io.poolbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hikari-settings preset's variants and how each checks a borrow, counted on the stub driver; no timing. */
class HikariSettingsTest {
    @TempDir
    Path tmp;

    @Test
    void variantsAreTheCatalogProfileWithTheWindowAtZeroAndATestQuery() throws Exception {
        List<HikariSettings.Variant> v = HikariSettings.variants(tmp);
        assertEquals(4, v.size());
        assertNull(v.get(0).windowMs());
        assertEquals(List.of("-Dcom.zaxxer.hikari.aliveBypassWindowMs=0"), v.get(1).jvmArgs());
        assertTrue(Files.readString(v.get(2).profile()).contains("connectionTestQuery=\"SELECT 1\""));
        assertEquals(v.get(2).profile(), v.get(3).profile());
        assertEquals("0", v.get(3).windowMs());
    }

    @Test
    void theWindowAtZeroChecksEveryIdleBorrowAndTheTestQueryReplacesIsValid() throws Exception {
        List<HikariSettings.Variant> v = HikariSettings.variants(tmp);
        for (HikariSettings.Variant x : List.of(v.get(0), v.get(2))) {
            // back to back, within the default 500 ms window: no check. (With the window at 0 a back-to-back borrow
            // is checked only when its idle time crosses a whole millisecond, which depends on the machine's
            // timing: not asserted.)
            assertEquals(0.0, HikariSettings.countWith(x, 4, 200, 0).get("validate"), 1e-9, x.label());
        }
        // after 2 ms idle: within the default 500 ms window no check, with the window at 0 one per borrow
        assertEquals(0.0, HikariSettings.countWith(v.get(0), 4, 50, 2).get("validate"), 1e-9);
        assertEquals(1.0, HikariSettings.countWith(v.get(1), 4, 50, 2).get("validate"), 1e-9);
        assertEquals(0.0, HikariSettings.countWith(v.get(2), 4, 50, 2).get("validate"), 1e-9);
        // the test query is the check: it counts as the validation round trip, not as a statement of the request
        Map<String, Double> both = HikariSettings.countWith(v.get(3), 4, 50, 2);
        assertEquals(1.0, both.get("validate"), 1e-9);
        assertEquals(0.0, both.get("execute"), 1e-9);
        // the property is restored: a pool built afterwards has the default window again
        assertNull(System.getProperty(HikariSettings.WINDOW_PROPERTY));
    }

    @Test
    void theTableGivesEachVariantsRoundTripsAndInterval() throws Exception {
        HikariSettings.Variant a = HikariSettings.variants(tmp).get(1);
        String md = HikariSettings.markdown(List.of(new HikariSettings.Row(a, Map.of("validate", 0.0),
                Map.of("validate", 1.0, "execute", 0.0), new double[] {7.5, 7.0, 8.0, 9}, 530, 610)),
                Presets.plan("hikari-settings"), 4);
        assertTrue(md.contains("| hikari, aliveBypassWindowMs=0 | 0 | validate 1.00 | 7.5 (7.0–8.0, 9) | 530.0 / 610.0"
                + " |"), md);
    }
}
