package io.poolbench.testbed.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.poolbench.testbed.TestbedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.dbcp2.BasicDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Spring Boot service's DataSource as Spring Boot binds it: relaxed names, profiles, placeholders, the pool type. */
class SpringDataSourceTest {
    @TempDir
    Path dir;

    private static final String YML = """
            spring:
              datasource:
                url: ${DB_URL}
                username: orders
                password: canary-password
                hikari:
                  maximum-pool-size: 20
                  minimumIdle: 5
                  connection-timeout: 5000
                  max-pool-sizes: 3
            ---
            spring:
              config:
                activate:
                  on-profile: prod
              datasource:
                hikari:
                  connection-timeout: 3000
            """;

    @Test
    void aTypicalServiceBindsAsSpringBootWouldBindIt() throws Exception {
        Path f = Files.writeString(dir.resolve("application.yml"), YML);
        SpringDataSource s = SpringDataSource.bind(f, List.of(), Map.of("DB_URL", "jdbc:mysql://db:3306/orders"));
        HikariDataSource h = (HikariDataSource) s.dataSource();
        assertEquals(20, h.getMaximumPoolSize());
        assertEquals(5, h.getMinimumIdle());
        assertEquals(5_000, h.getConnectionTimeout());
        assertEquals("jdbc:mysql://db:3306/orders", h.getJdbcUrl());
        assertEquals("com.mysql.cj.jdbc.Driver", h.getDriverClassName(), "Spring Boot's DatabaseDriver from the URL");
        assertEquals(List.of("spring.datasource.hikari.max-pool-sizes"), s.ignored());
        h.close();
        SpringDataSource prod = SpringDataSource.bind(f, List.of("prod"), Map.of("DB_URL", "jdbc:mysql://db/o"));
        assertEquals(3_000, ((HikariDataSource) prod.dataSource()).getConnectionTimeout());
        assertEquals(List.of(), prod.idleProfiles());
    }

    @Test
    void aProfileNoDocumentOrFileIsForIsNamedSpringBootSaysNothing() throws Exception {
        Path f = Files.writeString(dir.resolve("application.yml"), YML);
        Files.writeString(dir.resolve("application-staging.yml"), "spring.datasource.hikari.maximum-pool-size: 8\n");
        SpringDataSource s = SpringDataSource.bind(f, List.of("prod", "prdo", "staging"), Map.of("DB_URL",
                "jdbc:mysql://db/o"));
        assertEquals(List.of("prdo"), s.idleProfiles(), "prod is a document of the file, staging a file beside it");
        assertEquals(8, ((HikariDataSource) s.dataSource()).getMaximumPoolSize());
    }

    @Test
    void theFilesReadAreNamedTheWinningOneFirst() throws Exception {
        Path f = Files.writeString(dir.resolve("application.yml"), YML);
        SpringDataSource alone = SpringDataSource.bind(f, List.of(), Map.of("DB_URL", "jdbc:mysql://db/o"));
        assertEquals(List.of(f.toAbsolutePath().normalize()), alone.filesRead());
        assertEquals(f.toString(), alone.describeFiles());
        Path props = Files.writeString(dir.resolve("application.properties"), "spring.datasource.hikari.minimum-idle=2\n");
        Path staging = Files.writeString(dir.resolve("application-staging.yml"),
                "spring.datasource.hikari.maximum-pool-size: 8\n");
        SpringDataSource s = SpringDataSource.bind(f, List.of("staging"), Map.of("DB_URL", "jdbc:mysql://db/o"));
        assertEquals(List.of(staging, props, f).stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                s.filesRead(), "a profile's file over the file; .properties over .yml beside it");
        assertEquals(f + " (Spring Boot read application-staging.yml, application.properties, application.yml;"
                + " where they disagree, the first wins)", s.describeFiles());
        assertEquals(2, ((HikariDataSource) s.dataSource()).getMinimumIdle());
    }

    @Test
    void aValueThatDoesNotBindNamesItsPropertyAndWhereItWasWritten() throws Exception {
        Path f = Files.writeString(dir.resolve("application.yml"), YML);
        Files.writeString(dir.resolve("application-bad.properties"), "spring.datasource.hikari.connection-timeout=5s0\n");
        TestbedException e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(f, List.of("bad"),
                Map.of("DB_URL", "jdbc:mysql://db/o")));
        assertTrue(e.getMessage().startsWith(f + ": Spring Boot cannot bind spring.datasource.hikari.connection-timeout"
                + " (") && e.getMessage().contains("application-bad.properties] - 1:"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void propertiesAndTheTypeSpringBootPicks() throws Exception {
        Path f = Files.writeString(dir.resolve("app.properties"), """
                spring.datasource.url=jdbc:postgresql://db/app
                spring.datasource.type=org.apache.commons.dbcp2.BasicDataSource
                spring.datasource.dbcp2.max-total=12
                spring.datasource.dbcp2.MAX_WAIT_MILLIS=2500
                """);
        SpringDataSource s = SpringDataSource.bind(f, List.of(), Map.of());
        BasicDataSource b = (BasicDataSource) s.dataSource();
        assertEquals(12, b.getMaxTotal());
        assertEquals(2_500, b.getMaxWaitDuration().toMillis());
        assertTrue(s.ignored().isEmpty(), s.ignored().toString());
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path f = Files.writeString(dir.resolve("application.yml"), YML);
        TestbedException e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(f, List.of(),
                Map.of()));
        assertTrue(e.getMessage().contains("--set DB_URL="), e.getMessage());
        Path none = Files.writeString(dir.resolve("other.yml"), "server:\n  port: 8080\n");
        e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(none, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("no spring.datasource"), e.getMessage());
        Path broken = Files.writeString(dir.resolve("broken.yml"), "spring:\n  datasource:\n url: [x\n");
        e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(broken, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("at line 3, column"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(dir.resolve("missing.yml"), List.of(),
                Map.of()));
        assertTrue(e.getMessage().contains("missing.yml does not exist"), e.getMessage());
        Path type = Files.writeString(dir.resolve("type.properties"), "spring.datasource.url=jdbc:mysql://db/o\n"
                + "spring.datasource.type=com.example.NoSuchPool\n");
        e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(type, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("com.example.NoSuchPool"), e.getMessage());
        Path driver = Files.writeString(dir.resolve("driver.properties"), "spring.datasource.url=jdbc:mysql://db/o\n"
                + "spring.datasource.driver-class-name=com.example.NoSuchDriver\n");
        e = assertThrows(TestbedException.class, () -> SpringDataSource.bind(driver, List.of(), Map.of()));
        assertTrue(e.getMessage().contains("com.example.NoSuchDriver"), e.getMessage());
    }

    @Test
    void anAliasBombOrAHugeFileIsRefusedInOneLineBeforeSpringBootReadsIt() throws Exception {
        // nine levels of nine aliases: 9^9 nodes once expanded, which took the JVM's memory in Spring Boot's loader
        StringBuilder bomb = new StringBuilder("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            char p = (char) (c - 1);
            bomb.append(c).append(": &").append(c).append(" [").append(String.join(",", java.util.Collections.nCopies(9,
                    "*" + p))).append("]\n");
        }
        bomb.append("spring:\n  datasource:\n    url: jdbc:mysql://db/app\n    x: *i\n");
        Path f = Files.writeString(dir.resolve("application.yml"), bomb);
        TestbedException e = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> assertThrows(
                TestbedException.class, () -> SpringDataSource.bind(f, List.of(), Map.of())));
        assertTrue(e.getMessage().contains("refused before Spring Boot reads it"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        Path big = dir.resolve("big");
        Files.createDirectories(big);
        Path huge = Files.writeString(big.resolve("application.yml"), "spring:\n  datasource:\n    url: x"
                + "y".repeat(YamlLimits.MAX_BYTES) + "\n");
        TestbedException h = assertThrows(TestbedException.class, () -> SpringDataSource.bind(huge, List.of(),
                Map.of()));
        assertTrue(h.getMessage().contains("KiB, larger than the 1024 KiB"), h.getMessage());
    }
}
