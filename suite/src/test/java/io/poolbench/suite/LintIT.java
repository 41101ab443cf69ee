package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.db.DatabaseSettings;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each lint warning: a profile that triggers it and one that does not (embedded PostgreSQL, no Docker). */
class LintIT {
    /** Embedded PostgreSQL for the class, closed by JUnit after its last test. */
    @AutoClose
    static Database db = DatabaseSettings.embedded().open();

    @TempDir
    Path tmp;

    private List<String> warnings(String name, String from, String to) throws Exception {
        Path f = tmp.resolve(name + ".xml");
        Files.writeString(f, Files.readString(Path.of("../webapp/conf/" + name + ".xml")).replace(from, to));
        ProfileLint.Result r = ProfileLint.lint(PoolProfile.load(f), DatabaseOptions.vars(db));
        return r.warnings();
    }

    private static boolean has(List<String> w, String text) {
        return w.stream().anyMatch(x -> x.contains(text));
    }

    @Test
    void socketTimeoutWarning() throws Exception {
        assertTrue(has(warnings("hikari", "", ""), "set a socketTimeout"));
        List<String> w = warnings("hikari", "jdbcUrl=\"${poolbench.jdbc.url}\"",
                "jdbcUrl=\"${poolbench.jdbc.url}?socketTimeout=30\"");
        assertTrue(!has(w, "set a socketTimeout"), w.toString());
    }

    @Test
    void dbcp1NamesOnDbcp2LeaveTheWaitUnboundedAndThePoolAtEight() throws Exception {
        List<String> w = warnings("dbcp2", "maxWaitMillis=\"30000\"", "maxWait=\"10000\"");
        assertTrue(has(w, "maxWait=\"10000\" is DBCP 1's name") && has(w, "the borrow timeout is unbounded"),
                w.toString());
        w = warnings("dbcp2", "maxTotal=\"10\"", "maxActive=\"10\"");
        assertTrue(has(w, "the pool size is maxTotal's default, 8"), w.toString());
        w = warnings("dbcp2", "", "");
        assertTrue(!has(w, "DBCP 1's name") && !has(w, "unbounded"), w.toString());
    }

    @Test
    void hikariCpsOwnResetsAreShownInItsOwnWordsAndNoRuleIsRestated() throws Exception {
        List<String> w = warnings("hikari", "maxLifetime=\"1800000\"",
                "keepaliveTime=\"10000\" maxLifetime=\"20000\"");
        assertTrue(has(w, "HikariCP logged: ") && has(w, "maxLifetime is less than 30000ms, setting to default"
                + " 1800000ms"), w.toString());
        assertTrue(has(w, "keepaliveTime is less than 30000ms, disabling it"), w.toString());
        // HikariCP resets maxLifetime to 30 min before it compares idleTimeout with it: idleTimeout stays on
        assertTrue(!has(w, "idleTimeout"), w.toString());
        assertTrue(!has(warnings("hikari", "", ""), "HikariCP logged"));
    }

    @Test
    void ignoredAttributeAndOldDriverName() throws Exception {
        List<String> w = warnings("hikari", "maximumPoolSize=\"10\"", "maximumPoolSize=\"10\" maxTotal=\"20\"");
        assertTrue(has(w, "'maxTotal' is not a HikariCP setting"), w.toString());
        // Connector/J 5's driver name: the trap is read from the attributes, so DBCP2 (which loads the driver
        // only when it first connects: initialSize 0) builds the pool without connecting
        List<String> old = warnings("dbcp2", "initialSize=\"10\"",
                "initialSize=\"0\" driverClassName=\"com.mysql.jdbc.Driver\"");
        assertTrue(has(old, "driverClassName com.mysql.jdbc.Driver is Connector/J 5's name"), old.toString());
        assertTrue(!has(warnings("dbcp2", "", ""), "com.mysql.jdbc.Driver"));
    }

    @Test
    void lintCommandExitCodes() throws Exception {
        assertEquals(1, PoolbenchMain.run("lint", "--conf-dir", "../webapp/conf", "hikari"), "no socket timeout");
        Path clean = tmp.resolve("clean.xml");
        Files.writeString(clean, Files.readString(Path.of("../webapp/conf/hikari.xml")).replace(
                "jdbcUrl=\"${poolbench.jdbc.url}\"", "jdbcUrl=\"${poolbench.jdbc.url}?socketTimeout=30\""));
        assertEquals(0, PoolbenchMain.run("lint", clean.toString()));
        assertEquals(2, PoolbenchMain.run("lint", tmp.resolve("missing.xml").toString()));
        assertEquals(2, PoolbenchMain.run("lint", "--conf-dir", "../webapp/conf", "hikari-tuned"), "MySQL profile");
    }

    /**
     * A password given as a URL's user info, for each driver: the driver's own exception text quotes the URL back
     * (pgjdbc as a host name, "poolbench:secret@127.0.0.1"); neither the console nor the one line may show it.
     */
    @Test
    void aPasswordInAUrlsUserInfoIsInNoLineOfEitherDriver() throws Exception {
        String secret = "Ui-9d2e-never-shown";
        Path pg = tmp.resolve("userinfo.xml");
        Files.writeString(pg, Files.readString(Path.of("../webapp/conf/hikari.xml")).replace(
                "jdbcUrl=\"${poolbench.jdbc.url}\"", "jdbcUrl=\"jdbc:postgresql://poolbench:" + secret
                        + "@127.0.0.1:1/postgres\""));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        PrintStream both = new PrintStream(console, true, StandardCharsets.UTF_8);
        System.setOut(both);
        System.setErr(both);
        int pgCode;
        int mysqlCode;
        try {
            pgCode = PoolbenchMain.run("lint", pg.toString());
            mysqlCode = PoolbenchMain.run("lint", "--conf-dir", "../webapp/conf", "hikari", "--db", "external",
                    "--jdbc-url", "jdbc:mysql://poolbench:" + secret + "@127.0.0.1:1/poolbench");
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        String text = console.toString(StandardCharsets.UTF_8);
        assertEquals(2, pgCode, text);
        assertEquals(2, mysqlCode, text);
        assertTrue(!text.contains(secret), "the password on the console:\n" + text);
        assertTrue(text.contains("poolbench:***@127.0.0.1"), "the URL is still named, masked:\n" + text);
    }
}
