package io.poolbench.testbed.fault;

import io.poolbench.testbed.fault.Prediction.Change;
import io.poolbench.testbed.fault.Prediction.Term;
import io.poolbench.testbed.model.BorrowCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * What to change against each fault of {@link FaultChain}: each change with its effect on the chain of timeouts
 * and its cost in normal operation. A change is proposed only where the setting it names leaves the chain long
 * (no socketTimeout, an unbounded borrow, no lifetime, HikariCP's alive-bypass window).
 */
record Remedies(PoolTimeouts pool, DriverTimeouts driver, Network net, Load load) {
    /** What validating every borrow costs (HikariCP against its 500-ms window: 4.0 against 1.9 JDBC calls). */
    private static final String EVERY_BORROW_COST = "one validation round trip per borrow (poolbench's Aurora"
            + " scenario counted 4.0 against 1.9 JDBC calls per request for HikariCP without its 500-ms window)";

    List<Change> stall(Term q) {
        List<Change> changes = new ArrayList<>();
        if (pool.borrowUnbounded()) {
            changes.add(new Change(pool.borrowSetting() + " to your request's time budget",
                    "a borrower gives up at that bound instead of queueing through the stall and its backlog",
                    "requests beyond the bound fail (pool-timeout) instead of waiting"));
        }
        queryChange(q, changes);
        return changes;
    }

    List<Change> unplanned(Term q, Term v, Term c, Term inFlight) {
        BorrowCheck check = pool.check();
        List<Change> changes = new ArrayList<>();
        queryChange(inFlight.ms() < 0 || inFlight.ms() > q.ms() ? inFlight : q, changes);
        if (!driver.tcpKeepAlive() && driver.socketTimeoutMs() <= 0) {
            changes.add(new Change("tcpKeepAlive=true in the JDBC URL", "a read the writer acknowledged before it"
                    + " vanished ends after TCP keepalive (" + Durations.text(net.tcp().keepaliveGiveUpMs())
                    + " at this host's timers) instead of never", "a keepalive probe per idle connection"));
        }
        long t = pool.borrowTimeoutMs();
        long vt = pool.validationTimeoutMs();
        if (pool.borrowCoversValidation() && !pool.borrowUnbounded() && vt > 0 && t % vt != 0
                && !check.equals(BorrowCheck.NONE)) {
            long shorter = Math.max(250, t / 3);
            changes.add(new Change("validationTimeout a divisor of " + pool.borrowSetting() + " (e.g. " + shorter
                    + " ms)", "a borrow against dead connections ends at " + pool.borrowSetting() + ", "
                    + Durations.text((t + shorter - 1) / shorter * shorter) + ", instead of " + Durations.text(
                    (t + vt - 1) / vt * vt) + ": the pool runs each validation it begins to its end and checks the time"
                    + " left only then", "a validation slower than that counts the connection as dead"));
        }
        if (!check.everyBorrow()) {
            changes.add(new Change(pool.everyBorrowSetting(), "no connection is lent unchecked: a dead one costs a"
                    + " validation of at most " + Durations.text(v.ms()) + " instead of a query of "
                    + Durations.text(q.ms()), EVERY_BORROW_COST));
        }
        if (pool.validationTimeoutMs() <= 0 && !check.equals(BorrowCheck.NONE)) {
            changes.add(new Change("a validation bounded on the socket, 1–5 s: " + pool.boundedValidationSetting(),
                    "a validation of a dead connection ends there instead of after " + Durations.text(v.ms()),
                    "none in normal operation"));
        }
        if (driver.connectTimeoutMs() <= 0) {
            changes.add(new Change("connectTimeout in the JDBC URL (e.g. 5000 ms for Connector/J)", "a connection"
                    + " attempt to the silent writer ends there instead of after " + Durations.text(c.ms()),
                    "none in normal operation"));
        }
        if (pool.borrowUnbounded()) {
            changes.add(new Change(pool.borrowSetting() + " to your request's time budget", "a borrower gives up"
                    + " instead of waiting for the failover", "requests beyond the bound fail (pool-timeout)"));
        }
        return changes;
    }

    List<Change> stale() {
        long life = pool.maxLifetimeMs();
        List<Change> changes = new ArrayList<>();
        if (life < 0 || life > 600_000) {
            changes.add(new Change(pool.lifetimeSetting() + " of a few minutes (e.g. 300000 ms)", "a connection"
                    + " left on the old writer is retired after that, instead of after " + Durations.text(life),
                    "a reconnect per connection per lifetime"));
        }
        if (net.jvmDnsTtlMs() < 0 || net.jvmDnsTtlMs() > 10_000) {
            changes.add(new Change("networkaddress.cache.ttl=5 (java.security, or Security.setProperty at start)",
                    "the old address leaves the JVM's cache after 5 s instead of " + Durations.text(net.jvmDnsTtlMs()),
                    "a DNS lookup per new connection every 5 s"));
        }
        if (!driver.plugins().contains("failover") && !driver.plugins().contains("failover2")) {
            changes.add(new Change("the AWS Advanced JDBC Wrapper's failover plugin (Aurora)", "the driver reads the"
                    + " cluster's topology and reconnects to the new writer itself, without DNS",
                    "a topology query per connection; the wrapper in the class path"));
        }
        return changes;
    }

    private void queryChange(Term q, List<Change> changes) {
        if (driver.socketTimeoutMs() <= 0) {
            long to = load.longestQueryMs() > 0 ? Math.max(1_000, 3 * load.longestQueryMs()) : -1;
            changes.add(new Change("socketTimeout in the JDBC URL, 2–3 × your longest query" + (to > 0 ? " (e.g. "
                    + to + (driver.driver().contains("pgjdbc") ? " ms, written in seconds for pgjdbc)" : " ms)") : ""),
                    "a query to a silent server ends " + (to > 0 ? "after " + Durations.text(to) : "there")
                            + " instead of after " + Durations.text(q.ms()) + " (" + q.setting() + ")",
                    "a query longer than that fails; the connection is closed"));
        }
    }
}
