package io.poolbench.webapp;

import static io.poolbench.webapp.WebappClient.CONF;
import static io.poolbench.webapp.WebappClient.get;
import static io.poolbench.webapp.WebappClient.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.poolbench.testbed.load.TraceLog;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The webapp serving every endpoint from embedded PostgreSQL with each shipped profile. */
class WebappIT {
    /** Embedded PostgreSQL with 5,000 orders for the class, closed after its last test. */
    @RegisterExtension
    static final EmbeddedOrders ORDERS = new EmbeddedOrders(5_000);

    @TempDir
    Path tmp;

    static PoolbenchServer serve(Path profile) {
        return PoolbenchServer.start(ORDERS.settings(PoolProfile.load(profile)));
    }

    @Test
    void everyEndpointWithEveryShippedProfile() throws Exception {
        for (String name : List.of("hikari", "dbcp2")) {
            try (PoolbenchServer s = serve(ProfileDir.locate(name, CONF))) {
                HttpResponse<String> r = get(s, "/short?id=17");
                assertEquals(200, r.statusCode(), r.body());
                assertEquals(17, json(r).at("/result/id").asInt());

                r = get(s, "/medium?customer=3&from=2024-01-01&days=365&limit=5&page=0");
                assertEquals(200, r.statusCode(), r.body());
                JsonNode rows = json(r).get("result");
                assertTrue(rows.size() > 0 && rows.size() <= 5, r.body());
                rows.forEach(row -> assertEquals(3, row.get("customer_id").asInt()));

                r = get(s, "/long?first=1&width=20&products=50");
                assertEquals(200, r.statusCode(), r.body());
                assertEquals(1000, json(r).at("/result/pairs").asInt());

                r = get(s, "/write?writeId=" + name + "-1");
                assertEquals(200, r.statusCode(), r.body());

                r = get(s, "/pool");
                assertEquals(200, r.statusCode(), r.body());
                JsonNode p = json(r);
                assertEquals(name, p.get("pool").asText());
                assertEquals(10, p.get("max").asInt());
                assertEquals(0, p.get("active").asInt());

                // random parameters when none are given
                assertEquals(200, get(s, "/short").statusCode());
                assertEquals(200, get(s, "/medium").statusCode());
                assertEquals(200, get(s, "/long").statusCode());
            }
        }
    }

    @Test
    void traceJdbcShowsTheConnectionEachRequestRanOnAndThePoolsCallsBeneathIt() throws Exception {
        // which physical connection a request ran on, its idle time, and whether the pool validated it
        Path trace = tmp.resolve("trace.csv");
        PoolbenchServer.Settings base = ORDERS.settings(PoolProfile.load(ProfileDir.locate("hikari", CONF)));
        try (PoolbenchServer s = PoolbenchServer.start(new PoolbenchServer.Settings(base.profile(), base.vars(),
                base.data(), 0, 50, -1, base.screens(), null, trace))) {
            assertEquals(200, get(s, "/short?id=17").statusCode());
            assertEquals(200, get(s, "/screen?screen=short&user=3").statusCode());
            assertEquals(200, get(s, "/write?writeId=t-1").statusCode());
            assertEquals(500, get(s, "/write?writeId=t-1").statusCode(), "the second write of an id fails");
            s.flushScreenLog();
        }
        List<TraceLog.Entry> rows = TraceLog.read(trace);
        assertEquals(4, rows.size(), rows.toString());
        for (TraceLog.Entry e : rows) {
            assertTrue(e.connections().matches("\\d+( \\d+)*"), e.toString());
            assertTrue(e.workCalls().contains("execute"), e.toString());
        }
        assertEquals("short", rows.get(0).screen());
        TraceLog.Entry failed = rows.get(3);
        assertEquals(500, failed.status());
        assertTrue(failed.failedCall().startsWith("work:PreparedStatement.execute"), failed.toString());
        assertTrue(failed.message().contains("duplicate") || failed.message().contains("23505"), failed.toString());
        String password = ORDERS.vars().get("poolbench.jdbc.password");
        assertTrue(password.isEmpty() || !failed.message().contains(password), "no password");
    }

    @Test
    void sqlErrorIs500WithSqlStateAndBadParameterIs400() throws Exception {
        try (PoolbenchServer s = serve(ProfileDir.locate("hikari", CONF))) {
            assertEquals(200, get(s, "/write?writeId=dup-1").statusCode());
            HttpResponse<String> r = get(s, "/write?writeId=dup-1");
            assertEquals(500, r.statusCode(), r.body());
            assertEquals("23505", json(r).get("sqlState").asText());
            assertTrue(!r.body().contains("at org."), "no stack trace: " + r.body());
            assertEquals(400, get(s, "/short?id=x").statusCode());
            assertEquals(400, get(s, "/write").statusCode());
        }
    }

    @Test
    void exhaustedPoolGives503WithJson() throws Exception {
        for (String[] p : new String[][] {
                {"com.zaxxer.hikari.HikariJNDIFactory", "jdbcUrl", "maximumPoolSize=\"1\" connectionTimeout=\"250\""},
                {"org.apache.commons.dbcp2.BasicDataSourceFactory", "url", "maxTotal=\"1\" maxWaitMillis=\"250\""}}) {
            Path f = tmp.resolve("tiny-" + p[1] + ".xml");
            Files.writeString(f, "<Context><Resource name=\"jdbc/poolbench\" type=\"javax.sql.DataSource\" factory=\""
                    + p[0] + "\" " + p[1] + "=\"${poolbench.jdbc.url}\" username=\"${poolbench.jdbc.user}\""
                    + " password=\"${poolbench.jdbc.password}\" " + p[2] + "/></Context>");
            try (PoolbenchServer s = serve(f); Connection held = s.dataSource().getConnection()) {
                HttpResponse<String> r = get(s, "/short?id=1");
                assertEquals(503, r.statusCode(), r.body());
                assertEquals("pool-timeout", json(r).get("error").asText(), r.body());
                assertEquals(1, json(get(s, "/pool")).get("active").asInt());
            }
        }
    }

    @Test
    void badInputEndsWithOneLineAndExitCode2() throws Exception {
        assertEquals(2, WebappMain.run("--context-xml", tmp.resolve("missing.xml").toString(), "--conf-dir", "conf"));
        assertEquals(2, WebappMain.run("--context-xml", "no-such-profile", "--conf-dir", "conf"));
        Path bad = tmp.resolve("bad.xml");
        Files.writeString(bad, "<Context><Resource");
        assertEquals(2, WebappMain.run("--context-xml", bad.toString()));
        assertEquals(2, WebappMain.run("--context-xml", "hikari", "--conf-dir", "conf", "--db", "external",
                "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/none"));
        assertEquals(2, WebappMain.run("--context-xml", "hikari", "--conf-dir", "conf", "--db", "oracle"));
        // --port -5 suggested "port in use?"; a taken --shutdown-port printed "serving" and exit 0;
        // --max-threads 0 made every request wait 120 s
        assertEquals(2, WebappMain.run("--context-xml", "hikari", "--conf-dir", "conf", "--port", "-5"));
        assertEquals(2, WebappMain.run("--context-xml", "hikari", "--conf-dir", "conf", "--max-threads", "0"));
        try (ServerSocket taken = new ServerSocket(0, 1,
                InetAddress.getByName("127.0.0.1"))) {
            assertEquals(2, WebappMain.run("--context-xml", "hikari", "--conf-dir", "conf", "--port", "0",
                    "--shutdown-port", Integer.toString(taken.getLocalPort())));
        }
        // a MySQL driver on PostgreSQL is named, not "Tomcat did not start on port 0: No suitable driver"
        Path wrongDriver = tmp.resolve("wrong-driver.xml");
        Files.writeString(wrongDriver, Files.readString(Path.of("conf/dbcp2.xml")).replace("testOnBorrow=",
                "driverClassName=\"com.mysql.cj.jdbc.Driver\" testOnBorrow="));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            assertEquals(2, WebappMain.run("--context-xml", wrongDriver.toString(), "--port", "0", "--rows", "500"));
        } finally {
            System.setErr(err);
        }
        assertTrue(captured.toString().contains("com.mysql.cj.jdbc.Driver does not accept the URL jdbc:postgresql:"),
                captured.toString());
    }

    @Test
    void mysqlWithoutDockerIsOneLineAndExitCode2() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.poolbench.webapp.WebappMain", "--db", "mysql",
                "--conf-dir", "conf");
        pb.environment().put("DOCKER_HOST", "unix:///nonexistent/docker.sock");
        pb.redirectErrorStream(false);
        Process proc = pb.start();
        String err = new String(proc.getErrorStream().readAllBytes());
        assertEquals(2, proc.waitFor(), err);
        String last = err.strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("poolbench-webapp: Docker is needed") && last.contains("/nonexistent/docker.sock"),
                err);
    }
}
