package io.poolbench.testbed.fault;

import io.poolbench.testbed.model.BorrowCheck;

/**
 * What a built pool does with time when its database stops answering, read back from the pool object by its adapter
 * ({@link io.poolbench.testbed.pool.PoolAdapter#timeouts}): the inputs of {@link FaultChain} on the pool's side.
 *
 * @param pool the pool's name, e.g. {@code HikariCP}
 * @param maxSize the most connections it lends at once
 * @param borrowTimeoutMs how long a borrower waits for a connection before it fails, ms; -1 without limit
 * @param borrowSetting the setting's name, e.g. {@code connectionTimeout}
 * @param check what a borrow validates ({@link BorrowCheck})
 * @param checkSetting the setting that decides {@code check}, in words, e.g. {@code aliveBypassWindowMs 500}
 * @param everyBorrowSetting how to make this pool validate every borrow, in its own words, e.g. {@code
 *     -Dcom.zaxxer.hikari.aliveBypassWindowMs=0}
 * @param validationTimeoutMs how long one validation may take against a silent server before the connection counts as
 *     dead, ms; -1 when nothing on the socket bounds it (the validation then waits as long as a query:
 *     {@link DriverTimeouts}). A validation timeout that works as a statement's query timeout does not count: the
 *     driver cancels with a second connection (Connector/J's KILL QUERY, pgjdbc's cancel request), which a silent
 *     server never answers; measured: DBCP 1.4's 10-s validationQueryTimeout waited 25 s, until the stand-in's old
 *     writer rebooted. A timeout set on the socket counts (HikariCP's validationTimeout through setNetworkTimeout,
 *     JDBC4 isValid's timeout, which Connector/J's ping and pgjdbc enforce on the socket)
 * @param boundedValidationSetting how to get a validation that a silent server cannot hold, in the pool's own words
 * @param borrowCoversValidation true when the pool validates inside its borrow loop and stops starting validations at
 *     the borrow timeout, but runs each one it began to its end and checks the time left only then (HikariCP's
 *     getConnection, read in its code; Vibur and Agroal are modelled alike): against dead connections a borrow lasts
 *     ⌈timeout / validation bound⌉ validations; false when a validation runs after the wait, in series (DBCP's maxWait
 *     bounds only the wait for an idle connection)
 * @param maxLifetimeMs when the pool retires a connection however it behaves, ms; -1 never
 * @param lifetimeSetting the setting's name, e.g. {@code maxLifetime}
 * @param idleSize how many connections the pool keeps open when idle (HikariCP's minimumIdle): how many idle ones
 *     borrowers find when the writer vanishes
 * @param loginTimeoutMs the JVM-wide login timeout the pool sets on {@code DriverManager} (through its data source's
 *     {@code setLoginTimeout}), ms; -1 when it sets none. HikariCP sets max(1, (connectionTimeout + 500 ms) / 1000)
 *     s (PoolBase.setLoginTimeout); Connector/J's socket factory bounds a connect by the smaller of connectTimeout and
 *     it (StandardSocketFactory's loginTimeoutCountdown), pgjdbc its whole connect (its loginTimeout's default)
 */
public record PoolTimeouts(String pool, int maxSize, long borrowTimeoutMs, String borrowSetting,
        BorrowCheck check, String checkSetting, String everyBorrowSetting, long validationTimeoutMs,
        String boundedValidationSetting, boolean borrowCoversValidation, long maxLifetimeMs, String lifetimeSetting,
        int idleSize, long loginTimeoutMs) {
    /**
     * A pool that keeps its whole size open ({@code idleSize} = {@code maxSize}) and sets no login timeout. The
     * parameters are the record's.
     *
     * @param pool the pool's name
     * @param maxSize the most connections it lends at once
     * @param borrowTimeoutMs the borrow timeout, ms; -1 without limit
     * @param borrowSetting its name
     * @param check what a borrow validates
     * @param checkSetting the setting that decides it
     * @param everyBorrowSetting how to validate every borrow
     * @param validationTimeoutMs the validation's bound on the socket, ms; -1 none
     * @param boundedValidationSetting how to get one
     * @param borrowCoversValidation whether the borrow loop runs the validations
     * @param maxLifetimeMs the lifetime, ms; -1 never
     * @param lifetimeSetting its name
     */
    public PoolTimeouts(String pool, int maxSize, long borrowTimeoutMs, String borrowSetting, BorrowCheck check,
            String checkSetting, String everyBorrowSetting, long validationTimeoutMs, String boundedValidationSetting,
            boolean borrowCoversValidation, long maxLifetimeMs, String lifetimeSetting) {
        this(pool, maxSize, borrowTimeoutMs, borrowSetting, check, checkSetting, everyBorrowSetting,
                validationTimeoutMs, boundedValidationSetting, borrowCoversValidation, maxLifetimeMs, lifetimeSetting,
                maxSize, -1);
    }

    /** @return true when a borrower waits for a connection without limit */
    public boolean borrowUnbounded() {
        return borrowTimeoutMs < 0;
    }
}
