package io.poolbench.testbed.pool;

import java.util.Map;

/**
 * Where a pool keeps the three settings that decide what a borrow does, with the pool's defaults: the borrow
 * timeout, the minimum idle and the switch for validation on borrow. An adapter declares them as data (each value
 * quoted from the pool's documentation or source in the adapter's header); {@link AbstractPoolAdapter} reads them
 * from a profile's attributes before a pool is built (lint, the Aurora article's table) and names them for the Aurora article's
 * one-setting-at-a-time reruns.
 *
 * @param timeoutAttribute the attribute holding the borrow timeout in ms, or null when the pool has none
 * @param timeoutDefaultMs the timeout when the attribute is not set, ms; -1 for unbounded
 * @param zeroWaitsForever true when zero and below wait forever (HikariCP, c3p0, Vibur, Agroal, Tomcat JDBC), false
 *     when only a negative value does (commons-pool under DBCP, DBCP2; Druid): there 0 fails at once
 * @param unboundedTimeout the value poolbench writes for "wait forever" ({@code -1} or {@code 0})
 * @param minIdleAttribute the attribute holding the minimum idle, or null when the pool keeps none
 * @param minIdleFallback the attribute whose value the minimum idle takes when it is not set (HikariCP's
 *     {@code maximumPoolSize}, Tomcat JDBC's {@code initialSize}), or null
 * @param minIdleDefault the minimum idle when neither attribute is set
 * @param validationOnBorrowAttribute the boolean attribute that turns validation on borrow on and off, or null when
 *     the pool has no such switch
 * @param timeoutUnitMs the milliseconds in one unit of the timeout's attribute: 1 for a timeout in ms, 1000 for one
 *     in seconds (Oracle UCP's {@code connectionWaitTimeout})
 */
record BorrowSettings(String timeoutAttribute, long timeoutDefaultMs, boolean zeroWaitsForever, String unboundedTimeout,
        String minIdleAttribute, String minIdleFallback, int minIdleDefault, String validationOnBorrowAttribute,
        long timeoutUnitMs) {

    /** A driver's own DataSource: no timeout, no idle connections, no validation. */
    static final BorrowSettings NONE = new BorrowSettings(null, -1, false, "-1", null, null, 0, null, 1);

    /**
     * @param attribute the timeout's attribute (ms)
     * @param defaultMs its default, ms (-1: unbounded)
     * @return settings where a negative value waits forever (commons-pool's and Druid's convention)
     */
    static BorrowSettings negativeWaitsForever(String attribute, long defaultMs) {
        return new BorrowSettings(attribute, defaultMs, false, "-1", null, null, 0, null, 1);
    }

    /**
     * @param attribute the timeout's attribute, in seconds
     * @param defaultMs its default, ms
     * @param longest the value to write for "wait as long as it can" (a pool whose zero fails at once and that has no
     *     unbounded value, e.g. Oracle UCP: {@code Integer.MAX_VALUE} seconds)
     * @return settings where the timeout is given in seconds and zero fails a borrow at once
     */
    static BorrowSettings seconds(String attribute, long defaultMs, String longest) {
        return new BorrowSettings(attribute, defaultMs, false, longest, null, null, 0, null, 1000);
    }

    /**
     * @param attribute the timeout's attribute (ms)
     * @param defaultMs its default, ms (0: unbounded)
     * @param unbounded the value to write for "wait forever", {@code 0} or {@code -1}
     * @return settings where zero and below wait forever (HikariCP, c3p0, Vibur, Agroal, Tomcat JDBC)
     */
    static BorrowSettings zeroWaitsForever(String attribute, long defaultMs, String unbounded) {
        return new BorrowSettings(attribute, defaultMs, true, unbounded, null, null, 0, null, 1);
    }

    /**
     * @param attribute the minimum idle's attribute
     * @param fallback the attribute it defaults to, or null
     * @param defaultValue the value when neither is set
     * @return these settings with that minimum idle
     */
    BorrowSettings minIdle(String attribute, String fallback, int defaultValue) {
        return new BorrowSettings(timeoutAttribute, timeoutDefaultMs, zeroWaitsForever, unboundedTimeout, attribute,
                fallback, defaultValue, validationOnBorrowAttribute, timeoutUnitMs);
    }

    /**
     * @param attribute the boolean switch for validation on borrow
     * @return these settings with that switch
     */
    BorrowSettings validationOnBorrow(String attribute) {
        return new BorrowSettings(timeoutAttribute, timeoutDefaultMs, zeroWaitsForever, unboundedTimeout,
                minIdleAttribute, minIdleFallback, minIdleDefault, attribute, timeoutUnitMs);
    }

    /**
     * @param a a resource's attributes as written
     * @return how long a borrower waits, ms; -1 when unbounded
     * @throws NumberFormatException when the attribute is not a whole number
     */
    long timeoutMs(Map<String, String> a) {
        String v = timeoutAttribute == null ? null : a.get(timeoutAttribute);
        if (v != null && v.trim().equals(unboundedTimeout)) {
            return -1; // also UCP's longest wait, Integer.MAX_VALUE s: 68 years
        }
        long t = v == null ? timeoutDefaultMs : Long.parseLong(v.trim()) * timeoutUnitMs;
        return t < 0 || (t == 0 && zeroWaitsForever) ? -1 : t;
    }

    /**
     * @param ms a borrow timeout, ms
     * @return the value of the timeout's attribute that gives it, in the attribute's unit (rounded down)
     */
    String timeoutValue(long ms) {
        return Long.toString(ms / timeoutUnitMs);
    }

    /**
     * @param a a resource's attributes as written
     * @return the connections the pool keeps open when idle
     * @throws NumberFormatException when the attribute is not a whole number
     */
    int minIdle(Map<String, String> a) {
        String v = minIdleAttribute == null ? null : a.get(minIdleAttribute);
        if (v == null && minIdleFallback != null) {
            v = a.get(minIdleFallback);
        }
        return v == null ? minIdleDefault : Integer.parseInt(v.trim());
    }
}
