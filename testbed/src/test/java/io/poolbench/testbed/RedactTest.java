package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class RedactTest {
    @Test
    void passwordsLeaveUrls() {
        assertEquals("jdbc:mysql://h:3306/db?user=a&password=***&x=1",
                Redact.url("jdbc:mysql://h:3306/db?user=a&password=hunter2&x=1"));
        assertFalse(Redact.url("jdbc:postgresql://u:hunter2@h/db").contains("hunter2"));
        assertEquals("denied for *** here", Redact.secret("denied for hunter2 here", "hunter2"));
    }

    @Test
    void dialectFromUrl() {
        assertEquals(Dialect.POSTGRESQL, Dialect.fromJdbcUrl("jdbc:postgresql://h/db"));
        assertEquals(Dialect.MYSQL, Dialect.fromJdbcUrl("jdbc:mysql://h/db"));
    }
}
