package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.poolbench.testbed.db.Dialect;
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
    void passwordsLeaveFreeText() {
        // a driver quoting the URL back (PostgreSQL's "database ... does not exist")
        String m = Redact.text("FATAL: database \"db?password=hunter2\" does not exist; at jdbc:mysql://u:s3cret@h/db;"
                + " also pwd=abc&x=1 and the plain s3cret", "s3cret");
        assertFalse(m.contains("hunter2") || m.contains("s3cret") || m.contains("abc"), m);
        assertEquals("x pwd=*** y", Redact.text("x pwd=abc y", null));
        assertEquals("could not build the pool: poolbench:***@127.0.0.1 (x)",
                Redact.text("could not build the pool: poolbench:s3cret@127.0.0.1 (x)", null), "user info quoted as a host");
        assertEquals("Caused by: java.net.UnknownHostException: a", Redact.text("Caused by: java.net.UnknownHostException: a",
                null));
    }

    @Test
    void aUrlsOwnPasswordIsFoundInUserInfoOrAParameter() {
        assertEquals("S3cret", Redact.urlPassword("jdbc:postgresql://poolbench:S3cret@127.0.0.1:5432/postgres"));
        assertEquals("hunter2", Redact.urlPassword("jdbc:mysql://h/db?user=a&password=hunter2&x=1"));
        assertEquals(null, Redact.urlPassword("jdbc:mysql://h/db?user=a"));
        assertEquals(null, Redact.urlPassword(null));
    }

    @Test
    void aKeyValueHostKeepsWhatFollowsItsPassword() {
        assertEquals("jdbc:mysql://(host=writer,port=3306,user=u,password=***)/app", Redact.url(
                "jdbc:mysql://(host=writer,port=3306,user=u,password=secret)/app"));
        assertEquals("jdbc:mysql://(host=w,password=***,port=1)/app", Redact.url("jdbc:mysql://(host=w,password=s,port=1)/app"));
        assertEquals("jdbc:mysql://address=(host=w)(password=***)/app", Redact.url(
                "jdbc:mysql://address=(host=w)(password=s)/app"));
        assertEquals("jdbc:mysql://h/db?password=***&x=1", Redact.url("jdbc:mysql://h/db?password=a,b&x=1"));
        assertEquals("jdbc:mysql://h/db?trustCertificateKeyStorePassword=***", Redact.url(
                "jdbc:mysql://h/db?trustCertificateKeyStorePassword=k"));
        assertEquals("secret", Redact.urlPassword("jdbc:mysql://(host=writer,port=3306,user=u,password=secret)/app"));
    }

    @Test
    void dialectFromUrl() {
        assertEquals(Dialect.POSTGRESQL, Dialect.fromJdbcUrl("jdbc:postgresql://h/db"));
        assertEquals(Dialect.MYSQL, Dialect.fromJdbcUrl("jdbc:mysql://h/db"));
    }
}
