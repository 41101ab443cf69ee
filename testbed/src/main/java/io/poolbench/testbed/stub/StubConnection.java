package io.poolbench.testbed.stub;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Statement;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;

/**
 * A connection that answers at once, or after the configured {@link StubDelays}: statements, auto-commit, commit,
 * rollback, read-only and validation, each round trip counted in {@link StubStats}; the session state a pool only
 * reads and resets lives in {@link StubSession}.
 */
public final class StubConnection extends StubSession {
    private final StubDelays delays;
    private volatile boolean closed;
    private boolean autoCommit = true;
    private boolean readOnly;
    /** Round trips of this connection: validate, execute, commit, rollback, setAutoCommit (single user at a time). */
    private final long[] roundTrips = new long[5];
    /** Slots of {@link #roundTrips()}. */
    static final int VALIDATE = 0, EXECUTE = 1, COMMIT = 2, ROLLBACK = 3, SET_AUTO_COMMIT = 4;

    StubConnection(StubDelays delays) {
        this.delays = delays;
    }

    StubDelays delays() {
        return delays;
    }

    /**
     * @return this connection's round trips: validate, execute, commit, rollback, setAutoCommit (in that order);
     *     unlike {@link StubStats}, not disturbed by other pools' background threads
     */
    public long[] roundTrips() {
        return roundTrips.clone();
    }

    /**
     * One round trip: counted for this connection and process-wide, then delayed.
     *
     * @param slot its slot in {@link #roundTrips()}
     * @param counter its process-wide {@link StubStats} counter
     * @param delayUs the delay to apply, µs
     */
    void roundTrip(int slot, LongAdder counter, long delayUs) {
        counter.increment();
        roundTrips[slot]++;
        Delay.apply(delayUs);
    }

    private void open() throws SQLException {
        if (closed) {
            throw new SQLException("connection is closed", "08003");
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        open();
        return StubStatements.statement(this, null);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        open();
        return (PreparedStatement) StubStatements.statement(this, sql);
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        open();
        if (this.autoCommit != autoCommit) {
            roundTrip(SET_AUTO_COMMIT, StubStats.AUTOCOMMIT, delays.autoCommitUs());
        }
        this.autoCommit = autoCommit;
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        open();
        return autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        open();
        roundTrip(COMMIT, StubStats.COMMIT, delays.commitUs());
    }

    @Override
    public void rollback() throws SQLException {
        open();
        roundTrip(ROLLBACK, StubStats.ROLLBACK, delays.rollbackUs());
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        open();
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        open();
        return readOnly;
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: SQLXML");
    }

    /** JDBC4 validation: one round trip ({@link StubDelays#validUs()}), counted in {@link StubStats#VALIDATE}. */
    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("timeout < 0");
        }
        if (closed) {
            return false;
        }
        roundTrip(VALIDATE, StubStats.VALIDATE, delays.validUs());
        return true;
    }

    @Override
    public void abort(Executor executor) {
        closed = true;
    }
}
