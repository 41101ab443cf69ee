package io.poolbench.testbed.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.TestbedException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a JDBC URL leads, by Connector/J's and pgjdbc's own parsers, with each driver's default port. */
class JdbcAddressTest {
    @Test
    void eachDriverReadsItsOwnUrlWithItsDefaultPort() {
        assertEquals(Optional.of(new JdbcAddress("localhost", 32789, "test")),
                JdbcAddress.of("jdbc:mysql://localhost:32789/test"));
        assertEquals(Optional.of(new JdbcAddress("db-b", 3306, "poolbench")),
                JdbcAddress.of("jdbc:mariadb://db-b/poolbench?useSSL=false"));
        assertEquals(Optional.of(new JdbcAddress("db", 5432, "orders")), JdbcAddress.of("jdbc:postgresql://db/orders"));
        // several hosts: the first, with its own port
        assertEquals(Optional.of(new JdbcAddress("h1", 6432, "d")), JdbcAddress.of("jdbc:postgresql://h1:6432,h2:6433/d"));
        assertEquals("localhost:5432", JdbcAddress.of("jdbc:postgresql://localhost/").orElseThrow().endpoint());
    }

    @Test
    void aUrlOfAnotherDatabaseHasNoAddressOfThisOne() {
        assertEquals(Optional.of(new JdbcAddress("db-b", 3306, "poolbench")),
                JdbcAddress.of("jdbc:mariadb://db-b/poolbench", Dialect.MYSQL), "MariaDB's URL is MySQL's dialect");
        assertEquals(Optional.empty(), JdbcAddress.of("jdbc:postgresql://db/orders", Dialect.MYSQL));
        assertEquals(Optional.empty(), JdbcAddress.of("jdbc:mysql://db/orders", Dialect.POSTGRESQL));
        assertEquals(Optional.empty(), JdbcAddress.of("jdbc:stub:bench", Dialect.POSTGRESQL));
    }

    @Test
    void anotherDriversUrlHasNoAddressAndABrokenOneIsOneLine() {
        assertEquals(Optional.empty(), JdbcAddress.of("jdbc:stub:bench"));
        assertEquals(Optional.empty(), JdbcAddress.of(null));
        TestbedException e = assertThrows(TestbedException.class, () -> JdbcAddress.of("jdbc:postgresql://h:x/d"));
        assertTrue(e.getMessage().startsWith("JDBC URL jdbc:postgresql://h:x/d: pgjdbc cannot parse it"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
