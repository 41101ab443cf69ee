package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.poolbench.testbed.TestbedException;
import org.junit.jupiter.api.Test;

/** {@code --db}: the kinds poolbench starts or reaches, and one line for any other, before anything starts. */
class DatabaseSettingsTest {
    @Test
    void aKindPoolbenchDoesNotKnowIsOneLine() {
        assertEquals("embedded", DatabaseSettings.checkKind(null));
        assertEquals("mysql", DatabaseSettings.checkKind("MySQL"));
        TestbedException e = assertThrows(TestbedException.class, () -> DatabaseSettings.checkKind("oracle"));
        assertEquals("--db oracle is not a database poolbench starts or reaches: use embedded (PostgreSQL), mysql"
                + " (Docker) or external (--jdbc-url)", e.getMessage());
    }
}
