package io.poolbench.testbed.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.model.BorrowCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chain of timeouts on hand-computed cases: each figure below is worked out in the comment beside it. */
class FaultChainTest {
    private static final Network NET = Network.linux(30_000, 30_000);
    private static final DriverTimeouts NO_TIMEOUTS = new DriverTimeouts("MySQL Connector/J", 0, 0, 0, true, List.of(), null);
    /** HikariCP's defaults: connectionTimeout 30 s, validationTimeout 5 s, maxLifetime 30 min, 10 connections. */
    private static final PoolTimeouts HIKARI = new PoolTimeouts("HikariCP", 10, 30_000, "connectionTimeout",
            BorrowCheck.idleOver(500), "aliveBypassWindowMs 500 ms",
            "-Dcom.zaxxer.hikari.aliveBypassWindowMs=0", 5_000, "validationTimeout", true, 1_800_000, "maxLifetime");
    /**
     * The Aurora article's DBCP as printed: 10 lent, maxWait 10 s, a validation query on every borrow whose 10-s
     * timeout is a statement's (so nothing on the socket bounds it), no lifetime.
     */
    private static final PoolTimeouts DBCP1 = new PoolTimeouts("DBCP 1.4", 10, 10_000, "maxWait",
            BorrowCheck.EVERY_BORROW, "testOnBorrow", "testOnBorrow=true", -1, "none in DBCP 1.4", false, -1,
            "a maximum lifetime");
    private static final DriverTimeouts ARTICLE_URL = new DriverTimeouts("MySQL Connector/J", 10_000, 180_000, 0, true,
            List.of(), null);

    @Test
    void hikariDefaultsWithoutSocketTimeoutHangAQueryUntilLinuxGivesUp() {
        Prediction p = new FaultChain(HIKARI, NO_TIMEOUTS, NET, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        // a connection used within 500 ms is lent unchecked; its query waits tcp_retries2's 924.6 s
        assertEquals(924_600, branch(p, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        // a query the writer acknowledged before it vanished waits for keepalive: 7200 + 9 × 75 s = 7875 s
        assertEquals(7_875_000, branch(p, TcpBranch.ACKNOWLEDGED).longestWaitMs());
        assertEquals(7_875_000, p.longestWaitMs());
        assertEquals(List.of("borrow", "query"), p.chain().stream().map(Prediction.Term::what).toList());
        // every request the failover caught has ended only when the hung query gives up
        assertEquals(924_600, p.servesAgainMs());
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().startsWith("socketTimeout")));
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().contains("aliveBypassWindowMs=0")));
    }

    @Test
    void theEfmAbortBoundsAQueryBeforeALongerSocketTimeout() {
        HostMonitoring defaults = new HostMonitoring(30_000, 5_000, 3, 10_000, "connectTimeout 10 s");
        DriverTimeouts efm = new DriverTimeouts("AWS wrapper", 10_000, 180_000, 0, true, List.of("efm2"), defaults);
        Prediction p = new FaultChain(HIKARI, efm, NET, Load.NONE).predict(Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertEquals(defaults.abortMs(), p.longestWaitMs(), "a lone call");
        Prediction loaded = new FaultChain(HIKARI, efm, NET, new Load(20, 5, 0)).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        assertEquals(defaults.abortUnderLoadMs(HIKARI.idleSize() * 1000L / 20), loaded.longestWaitMs(), "under load");
    }

    @Test
    void aWriterThatClosesItsConnectionsEndsTheWaitBeforeTheSocketTimeout() {
        Network rebooting = new Network(TcpTimers.LINUX, 0, 0, 3_500, 18_000, "the old writer reboots", -1);
        Prediction p = new FaultChain(HIKARI, new DriverTimeouts("MySQL Connector/J", 0, 30_000, 0, true, List.of(), null), rebooting, Load.NONE).predict(Fault.of(FaultKind.UNPLANNED_FAILOVER));
        // socketTimeout 30 s, but the reboot at 18 s closes the connection first
        assertEquals(18_000, p.longestWaitMs());
        // DBCP 1.4 waits maxWait (10 s), then validates: the validation ends at the reboot, 18 s after the fault,
        // not 18 s after it began; and a connection attempt begun just before the switch (3.5 s) also ends then
        Prediction d = new FaultChain(DBCP1, NO_TIMEOUTS, rebooting, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        assertEquals(18_000, d.longestWaitMs());
        assertEquals(18_000, d.servesAgainMs());
    }

    @Test
    void dbcpValidatesInSeriesAfterItsWait() {
        Prediction p = new FaultChain(DBCP1, ARTICLE_URL, NET, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        // maxWait 10 s, then, in series, the validation query of a dead connection, which only the socketTimeout
        // (180 s) ends: its 10-s query timeout needs the silent server to answer a cancel
        assertEquals(190_000, p.longestWaitMs());
        assertEquals(190_000, p.servesAgainMs());
    }

    @Test
    void tomcatJdbcWithoutTestOnBorrowLendsEveryDeadConnection() {
        // Tomcat JDBC's defaults: maxWait 30 s, testOnBorrow false, maxAge 0 (none)
        PoolTimeouts tomcat = new PoolTimeouts("Tomcat JDBC", 100, 30_000, "maxWait", BorrowCheck.NONE,
                "testOnBorrow false", "testOnBorrow=true with validationInterval=0", -1, "isValid", false, -1, "maxAge");
        Prediction p = new FaultChain(tomcat, NO_TIMEOUTS, NET, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        assertEquals(924_600, branch(p, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        assertEquals(7_875_000, p.longestWaitMs());
        assertTrue(p.lentUnchecked().startsWith("every connection"), p.lentUnchecked());
        // every dead connection is cleared only when its query gives up
        assertEquals(924_600, p.servesAgainMs());
    }

    @Test
    void dbcp2DefaultsWaitForTheFailoverThenValidateWithoutATimeout() {
        // DBCP2's defaults: maxWaitMillis -1 (forever), testOnBorrow true, validationQueryTimeout -1 (none)
        PoolTimeouts dbcp2 = new PoolTimeouts("DBCP2", 8, -1, "maxWaitMillis", BorrowCheck.EVERY_BORROW,
                "testOnBorrow true", "testOnBorrow=true", -1, "isValid", false, -1, "maxConnLifetimeMillis");
        Prediction p = new FaultChain(dbcp2, NO_TIMEOUTS, NET, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        // the wait until the name resolves to the promoted writer (30 s + 35 s), then, in series, a validation
        // that only Linux ends (924.6 s): an upper bound
        assertEquals(65_000 + 924_600, branch(p, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        // and a request in flight when the writer vanished waits for keepalive, the longest branch
        assertEquals(7_875_000, p.longestWaitMs());
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().startsWith("a validation bounded on the socket")));
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().startsWith("maxWaitMillis")));
    }

    @Test
    void aStallLeavesABacklogThatDrainsAtThePoolsSpareCapacity() {
        // 200 requests/s × 20 ms = 4 connections busy of 10: ρ = 0.4; a 5-s stall drains in 5 × 0.4 / 0.6 = 3.33 s
        Prediction p = new FaultChain(DBCP1, ARTICLE_URL, NET, new Load(200, 20, 0)).predict(Fault.stall(5_000));
        assertEquals(8_333, p.longestWaitMs());
        assertTrue(p.failures().isEmpty(), p.failures().toString());
        // at 10 s the maxWait ends the wait of borrowers in a 20-s stall: pool-timeout
        Prediction q = new FaultChain(DBCP1, ARTICLE_URL, NET, new Load(200, 20, 0)).predict(Fault.stall(20_000));
        assertEquals("pool-timeout", q.failures().get(0).outcome());
        // the first arrival waits the whole 20 s; one that arrives t s in waits 20 - 0.6 t: over 10 s until 16.7 s
        assertTrue(q.failures().get(0).which().contains("those that arrive in the first 16.7 s after the stall"
                + " began"), q.failures().get(0).which());
        assertEquals(20_000, q.longestWaitMs(), "a query in flight waits the whole stall (socketTimeout 3 min)");
        assertEquals("pool-timeout", q.failures().get(0).label(), "the first arrivals fail in any order of service");
        // a 10-s stall, maxWait 10 s: the first waits exactly 10 s; only a later borrower overtaking waits longer
        Prediction r = new FaultChain(DBCP1, ARTICLE_URL, NET, new Load(200, 20, 0)).predict(Fault.stall(10_000));
        assertTrue(r.failures().get(0).ifOvertaken(), r.failures().toString());
        assertEquals("pool-timeout (only if later borrowers overtake)", r.failures().get(0).label());
    }

    @Test
    void aStallFailsTheEarliestBorrowersFirstComeFirstServed() {
        assertEquals(null, StallChain.lateArrivals(5_000, 5_000, 0.0), "no load: nobody waits past the stall itself");
        // ρ = 0.1: the backlog drains by 5.56 s; first come, first served nobody waits past 5 s
        assertTrue(StallChain.lateArrivals(5_000, 5_000, 0.1).startsWith("none served first come, first served (the"
                + " first waits the stall, 5 s); where later borrowers overtake, at most those that arrive in the first"
                + " 556 ms"));
        assertTrue(StallChain.lateArrivals(20_000, 5_000, 0.0).contains("in the first 15 s after"));
        assertTrue(StallChain.lateArrivals(20_000, 5_000, 1.0).contains("from the stall's start on"));
        // ρ = 1.5: a 2-s stall, then a backlog that grows by half a second a second: over 5 s from 6 s in
        assertTrue(StallChain.lateArrivals(2_000, 5_000, 1.5).contains("from 6 s after the stall began on"));
    }

    @Test
    void aShortSocketTimeoutEndsTheQueriesOfALongStall() {
        DriverTimeouts tuned = new DriverTimeouts("MySQL Connector/J", 2_000, 10_000, 0, true, List.of(), null);
        Prediction p = new FaultChain(HIKARI, tuned, NET, Load.NONE).predict(Fault.stall(60_000));
        assertTrue(p.failures().stream().anyMatch(f -> f.outcome().equals("connection-lost")), p.toString());
        // HikariCP validates stalled connections back to back, 5 s each, until connectionTimeout (30 s) runs out:
        // longest 30 s, not the 60-s stall
        assertEquals(30_000, p.longestWaitMs());
    }

    @Test
    void aPoolWithoutLifetimeKeepsConnectionsOnTheOldWriterForever() {
        Prediction p = new FaultChain(DBCP1, ARTICLE_URL, NET, Load.NONE).predict(Fault.of(FaultKind.STALE_ENDPOINT));
        assertEquals(-1, p.servesAgainMs());
        assertEquals("read-only", p.failures().get(0).outcome());
        Prediction h = new FaultChain(HIKARI, ARTICLE_URL, NET, Load.NONE).predict(Fault.of(
                FaultKind.PLANNED_FAILOVER));
        // the stale window (30 s JVM + 5 s record) + maxLifetime 30 min
        assertEquals(35_000 + 1_800_000, h.servesAgainMs());
    }

    @Test
    void thePromotedWriterIsReachedOnceTheNameLeavesBothCachesAndAnAttemptEnds() {
        // promotion 5 s + record TTL 5 s + JVM cache 10 s, then a connect begun just before: connectTimeout 10 s
        Network flip = new Network(TcpTimers.LINUX, 10_000, 5_000, 5_000, -1, "", -1);
        Prediction.Term t = new FaultChain(HIKARI, ARTICLE_URL, flip, Load.NONE).newWriterReached();
        assertEquals(30_000, t.ms());
        assertTrue(t.setting().contains("JVM cache 10 s"), t.setting());
        // without connectTimeout, Linux's SYN retries (6: 127 s) bound the attempt
        assertEquals(20_000 + 127_000, new FaultChain(HIKARI, NO_TIMEOUTS, flip, Load.NONE).newWriterReached().ms());
        Network forever = new Network(TcpTimers.LINUX, -1, 5_000, 5_000, -1, "", -1);
        assertEquals(-1, new FaultChain(HIKARI, ARTICLE_URL, forever, Load.NONE).newWriterReached().ms());
    }

    @Test
    void aNameThatMovesAtOnceLeavesNoConnectionOnTheOldWriter() {
        Network atOnce = new Network(TcpTimers.LINUX, 0, 0, 5_000, -1, "", -1);
        Prediction p = new FaultChain(HIKARI, ARTICLE_URL, atOnce, Load.NONE).predict(Fault.of(
                FaultKind.PLANNED_FAILOVER));
        assertEquals(0, p.servesAgainMs());
        assertTrue(p.failures().stream().noneMatch(f -> f.outcome().equals("read-only")), p.failures().toString());
    }

    @Test
    void aSaturatedPoolIsSaidToBeSaturatedNotToServeAgain() {
        // 1000 requests/s holding 10 ms on 10 connections: exactly 100 % busy
        Prediction p = new FaultChain(HIKARI, ARTICLE_URL, NET, new Load(1000, 10, 0)).predict(Fault.stall(20_000));
        assertEquals(-1, p.servesAgainMs());
        assertTrue(p.servesAgainWhy().contains("saturated"), p.servesAgainWhy());
        String all = p.failures().toString() + p.servesAgainWhy();
        assertTrue(!all.contains("drains by never") && !all.contains("153722867280912") && !all.contains("2562047788"),
                all);
        assertTrue(StallChain.lateArrivals(20_000, 30_000, 1.0).contains("never drains"));
        assertTrue(StallChain.lateArrivals(20_000, 30_000, 1.0 + 1e-12).contains("never drains"));
    }

    private static Prediction.BranchWait branch(Prediction p, TcpBranch b) {
        return p.branches().stream().filter(w -> w.branch() == b).findFirst().orElseThrow();
    }

    @Test
    void withoutKeepaliveAnAcknowledgedReadWaitsForever() {
        // pgjdbc's default: tcpKeepAlive false, no socketTimeout
        DriverTimeouts pg = new DriverTimeouts("pgjdbc", 0, 0, 0, false, List.of(), null);
        Prediction p = new FaultChain(HIKARI, pg, NET, Load.NONE).predict(Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertEquals(-1, branch(p, TcpBranch.ACKNOWLEDGED).longestWaitMs());
        assertEquals(-1, p.longestWaitMs());
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().startsWith("tcpKeepAlive=true")));
        assertTrue(branch(p, TcpBranch.ACKNOWLEDGED).symptom().contains("until the service restarts"));
    }

    @Test
    void aSocketTimeoutBoundsEveryBranch() {
        DriverTimeouts tuned = new DriverTimeouts("MySQL Connector/J", 2_000, 10_000, 0, true, List.of(), null);
        Prediction p = new FaultChain(HIKARI, tuned, NET.withBack(300_000), Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        for (TcpBranch b : TcpBranch.values()) {
            assertTrue(branch(p, b).longestWaitMs() <= 10_000 + 5_000 + 30_000, b + ": " + branch(p, b));
        }
        assertEquals(10_000, branch(p, TcpBranch.ACKNOWLEDGED).longestWaitMs());
    }

    @Test
    void anOldAddressThatComesBackEndsTheWaitAtTheNextRetransmissionOrProbe() {
        // scaled timers: tcp_retries2 5 (12.6 s: retransmissions at 0.2, 0.6, 1.4, 3.0, 6.2, 12.6 s), keepalive
        // 20 s + 3 × 5 s; the old address answers with resets from 2 s: the retransmission at 3.0 s meets it, and an
        // acknowledged read's first probe at 20 s
        TcpTimers scaled = TcpTimers.LINUX.withRetries2(5).withKeepalive(20, 5, 3);
        Prediction p = new FaultChain(HIKARI, NO_TIMEOUTS, NET.withTcp(scaled).withBack(2_000), Load.NONE).predict(
                Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertEquals(3_000, branch(p, TcpBranch.OLD_ADDRESS_BACK).longestWaitMs());
        assertTrue(branch(p, TcpBranch.OLD_ADDRESS_BACK).symptom().endsWith("next keepalive probe, 20 s"),
                branch(p, TcpBranch.OLD_ADDRESS_BACK).symptom());
        // a query lent unchecked is given up at 12.6 s; a validated borrow validates dead connections back to back,
        // 5 s each, until connectionTimeout 30 s runs out
        assertEquals(30_000, branch(p, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        assertEquals(35_000, branch(p, TcpBranch.ACKNOWLEDGED).longestWaitMs());
        // without the old address coming back, no such branch
        Prediction q = new FaultChain(HIKARI, NO_TIMEOUTS, NET.withTcp(scaled), Load.NONE).predict(
                Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertTrue(q.branches().stream().noneMatch(w -> w.branch() == TcpBranch.OLD_ADDRESS_BACK));
    }

    @Test
    void hikariValidatesBackToBackUntilTheTimeLeftRunsOut() {
        // connectionTimeout 3 s and the default validationTimeout 5 s, every borrow validated, socketTimeout 10 s:
        // HikariPool.getConnection checks the time left only after isConnectionAlive, so a borrow that takes a dead
        // entry at once returns after its validation, 5 s, not at 3 s
        PoolTimeouts short3 = new PoolTimeouts("HikariCP", 10, 3_000, "connectionTimeout", BorrowCheck.EVERY_BORROW,
                "aliveBypassWindowMs 0 ms", "-Dcom.zaxxer.hikari.aliveBypassWindowMs=0", 5_000, "validationTimeout",
                true, 1_800_000, "maxLifetime");
        DriverTimeouts tuned = new DriverTimeouts("MySQL Connector/J", 2_000, 10_000, 0, true, List.of(), null);
        Prediction p = new FaultChain(short3, tuned, NET, Load.NONE).predict(Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertEquals(5_000, branch(p, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        assertTrue(p.branches().get(0).chain().startsWith("borrow 5 s (validations of dead connections back to back"),
                p.branches().get(0).chain());
        assertTrue(p.changes().stream().anyMatch(c -> c.setting().startsWith("validationTimeout a divisor of"
                + " connectionTimeout")), p.changes().toString());
        // connectionTimeout 30 s, validationTimeout 5 s: six validations, 30 s (measured 30.0 s in a black hole)
        Prediction d = new FaultChain(HIKARI, tuned, NET, Load.NONE).predict(Fault.of(FaultKind.UNPLANNED_FAILOVER));
        assertEquals(30_000, branch(d, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        // 30 s and 7 s: ⌈30 / 7⌉ = 5 validations, 35 s
        PoolTimeouts seven = new PoolTimeouts("HikariCP", 10, 30_000, "connectionTimeout", BorrowCheck.EVERY_BORROW,
                "aliveBypassWindowMs 0 ms", "-Dcom.zaxxer.hikari.aliveBypassWindowMs=0", 7_000, "validationTimeout",
                true, 1_800_000, "maxLifetime");
        DriverTimeouts longSocket = new DriverTimeouts("MySQL Connector/J", 2_000, 60_000, 0, true, List.of(), null);
        Prediction e = new FaultChain(seven, longSocket, NET, Load.NONE).predict(Fault.of(
                FaultKind.UNPLANNED_FAILOVER));
        assertEquals(35_000, branch(e, TcpBranch.UNACKNOWLEDGED).longestWaitMs());
        // in a 60-s stall the query in flight waits its socketTimeout; the borrows, 35 s
        Prediction t = new FaultChain(seven, longSocket, NET, Load.NONE).predict(Fault.stall(60_000));
        assertEquals(60_000, t.longestWaitMs(), "the query in flight waits the stall");
    }
}
