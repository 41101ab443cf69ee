package io.poolbench.testbed.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The model on cases with known answers: Erlang C by hand and from tables, M/D/1 by Pollaczek–Khinchine. */
class PoolModelTest {
    @Test
    void erlangCMatchesHandAndTableValues() {
        // M/M/1: the probability of waiting is the utilisation
        assertEquals(0.5, ErlangC.waitProbability(1, 0.5), 1e-12);
        // M/M/2 at a = 1 (ρ = 0.5): C = 1/3
        assertEquals(1.0 / 3, ErlangC.waitProbability(2, 1), 1e-12);
        // a classic table value: 10 servers, 8 Erlangs: C ≈ 0.4092
        assertEquals(0.4092, ErlangC.waitProbability(10, 8), 5e-4);
        assertEquals(1, ErlangC.waitProbability(4, 4));
        // mean wait M/M/1, ρ = 0.5, h = 10 ms: ρ·h/(1 − ρ) = 10 ms
        assertEquals(10, ErlangC.meanWaitMs(1, 0.5, 10), 1e-9);
        assertTrue(Double.isInfinite(ErlangC.meanWaitMs(2, 2, 10)));
        // p99 M/M/1, ρ = 0.5, h = 10: t = 10/0.5 · ln(0.5/0.01)
        assertEquals(20 * Math.log(50), ErlangC.waitQuantileMs(1, 0.5, 10, 0.99), 1e-9);
        assertEquals(0, ErlangC.waitQuantileMs(10, 1, 10, 0.99));
        assertEquals(13, ErlangC.serversFor(8, 0.1));
        assertEquals(Integer.MAX_VALUE, ErlangC.serversFor(3e8, 0.01), "a load no pool serves, answered at once");
        assertThrows(IllegalArgumentException.class, () -> ErlangC.waitProbability(0, 1));
    }

    @Test
    void simulationOfOneConnectionWithAConstantHoldMatchesPollaczekKhinchine() {
        // M/D/1, h = 10 ms, λ = 50/s, ρ = 0.5: mean wait ρ·h / (2(1 − ρ)) = 5 ms; the median request does not wait
        Workload w = new Workload(50, 1, 10, 10, 0, false);
        PoolSimulation.Result r = PoolSimulation.run(new PoolModel(1, 0, BorrowCheck.NONE), w, 20_000, 7);
        assertEquals(5, r.waitMeanMs(), 0.25);
        assertEquals(0.5, r.utilisation(), 0.01);
        assertEquals(0, r.waitP50Ms(), 1e-9);
        assertEquals(0, r.failed());
        assertTrue(r.responseP50Ms() >= 10 && r.responseP50Ms() < 10.1, "a request alone takes its hold");
    }

    @Test
    void manyConnectionsAgreeWithErlangCOnTheShareThatWaits() {
        // 10 connections at 80 %: with constant holds fewer wait than with exponential ones, but the same order
        Workload w = new Workload(800, 1, 10, 10, 0, false);
        PoolSimulation.Result r = PoolSimulation.run(new PoolModel(10, 0, BorrowCheck.NONE), w, 600, 3);
        assertEquals(0.8, r.utilisation(), 0.02);
        double share = r.waitShare();
        assertTrue(share > 0.15 && share < ErlangC.waitProbability(10, 8), "waiting share " + share);
    }

    @Test
    void validationAddsARoundTripOnEveryBorrowOrOnlyAfterIdle() {
        Workload w = new Workload(1, 5, 8, 8, 1, false);
        PoolModel every = new PoolModel(8, 10_000, BorrowCheck.EVERY_BORROW);
        PoolModel idle = new PoolModel(8, 10_000, BorrowCheck.idleOver(500));
        PoolModel none = new PoolModel(8, 10_000, BorrowCheck.NONE);
        double e = PoolSimulation.run(every, w, 2_000, 1).responseP50Ms();
        double i = PoolSimulation.run(idle, w, 2_000, 1).responseP50Ms();
        double n = PoolSimulation.run(none, w, 2_000, 1).responseP50Ms();
        assertEquals(46, e, 0.05);
        // one request a second: every connection sat idle over 500 ms, so HikariCP's rule validates too
        assertEquals(46, i, 0.05);
        assertEquals(45, n, 0.05);
    }

    @Test
    void pastSaturationBorrowersGiveUpAtTheTimeout() {
        Workload w = new Workload(200, 1, 10, 10, 0, false);
        PoolSimulation.Result r = PoolSimulation.run(new PoolModel(1, 100, BorrowCheck.NONE), w, 60, 5);
        assertTrue(r.failed() > r.requests() / 3, r.toString());
        assertTrue(r.waitMaxMs() <= 100 + 10, "a served borrow waited at most the timeout: " + r.waitMaxMs());
    }

    @Test
    void theKneeLiesBelowSaturationAndMovesWithTheRoundTrip() {
        PoolModel pool = new PoolModel(8, 10_000, BorrowCheck.EVERY_BORROW);
        Workload w = new Workload(12.5, 5, 8, 8, 1, false);
        double sat = Knee.saturationRate(pool, w);
        double knee = Knee.rate(pool, w, 11);
        assertTrue(knee > sat / 3 && knee < sat * 1.05, "knee " + knee + " against saturation " + sat);
        double far = Knee.rate(pool, w.atRtt(10), 11);
        assertTrue(far < knee, "a longer round trip breaks the pool sooner: " + far + " vs " + knee);
        double rtt = Knee.rtt(pool, w.atRate(knee * 0.8), 11);
        assertTrue(rtt > 1 && rtt < 10_000, "at 80 % of the knee's rate a longer round trip breaks it: " + rtt);
    }

    @Test
    void badWorkloadsAreRefusedWithOneLine() {
        assertThrows(IllegalArgumentException.class, () -> new Workload(0, 1, 1, 1, 0, false));
        assertThrows(IllegalArgumentException.class, () -> new Workload(1, 1, 1, 1, 20_000, false));
        assertThrows(IllegalArgumentException.class, () -> new PoolModel(0, 0, BorrowCheck.NONE));
    }
}
