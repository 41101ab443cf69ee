package io.poolbench.testbed.model;

/**
 * What a pool does on a borrow before it hands the connection out, in round trips to the database: nothing, a
 * validation on every borrow (DBCP's testOnBorrow with a validationQuery, c3p0's testConnectionOnCheckout), or one
 * only when the connection sat idle longer than a window (HikariCP's aliveBypassWindowMs, 500 ms; Vibur's
 * connectionIdleLimitInSeconds; Tomcat JDBC's validationInterval counts from the last validation, modelled the same).
 *
 * @param everyBorrow true when every borrow validates
 * @param idleOverMs validate only a connection idle longer than this, ms; negative when never (and not every borrow)
 */
public record BorrowCheck(boolean everyBorrow, long idleOverMs) {
    /** No validation on borrow. */
    public static final BorrowCheck NONE = new BorrowCheck(false, -1);
    /** A validation round trip on every borrow. */
    public static final BorrowCheck EVERY_BORROW = new BorrowCheck(true, -1);

    /**
     * @param ms the idle window, ms
     * @return validation of connections idle longer than that
     */
    public static BorrowCheck idleOver(long ms) {
        return new BorrowCheck(false, ms);
    }

    /**
     * @param idleMs how long the connection sat idle, ms
     * @return true when this borrow costs a validation round trip
     */
    public boolean validates(double idleMs) {
        return everyBorrow || idleOverMs >= 0 && idleMs > idleOverMs;
    }

    /** @return in words, for reports */
    public String text() {
        return everyBorrow ? "a validation round trip on every borrow" : idleOverMs >= 0
                ? "a validation round trip when the connection sat idle over " + idleOverMs + " ms" : "no validation";
    }
}
