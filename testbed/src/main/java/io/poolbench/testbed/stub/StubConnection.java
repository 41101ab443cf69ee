package io.poolbench.testbed.stub;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * A connection that holds state the pools read and reset (auto-commit, read-only, isolation, catalog, schema,
 * network timeout) and answers at once, or after the configured {@link StubDelays}. Round trips are counted in
 * {@link StubStats}.
 */
public final class StubConnection implements Connection {
    private final StubDelays delays;
    private volatile boolean closed;
    private boolean autoCommit = true;
    private boolean readOnly;
    private int isolation = TRANSACTION_READ_COMMITTED;
    private String catalog = "stub";
    private String schema = "public";
    private int networkTimeout;
    private Map<String, Class<?>> typeMap = Map.of();
    private int holdability = ResultSet.HOLD_CURSORS_OVER_COMMIT;
    private final Properties clientInfo = new Properties();
    /** Round trips of this connection: validate, execute, commit, rollback, setAutoCommit (single user at a time). */
    final long[] roundTrips = new long[5];

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
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: prepareCall");
    }

    @Override
    public String nativeSQL(String sql) {
        return sql;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        open();
        if (this.autoCommit != autoCommit) {
            StubStats.AUTOCOMMIT.increment();
            roundTrips[4]++;
            Delay.apply(delays.autoCommitUs());
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
        StubStats.COMMIT.increment();
        roundTrips[2]++;
        Delay.apply(delays.commitUs());
    }

    @Override
    public void rollback() throws SQLException {
        open();
        StubStats.ROLLBACK.increment();
        roundTrips[3]++;
        Delay.apply(delays.rollbackUs());
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
    public DatabaseMetaData getMetaData() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: getMetaData");
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
    public void setCatalog(String catalog) {
        this.catalog = catalog;
    }

    @Override
    public String getCatalog() {
        return catalog;
    }

    @Override
    public void setTransactionIsolation(int level) {
        this.isolation = level;
    }

    @Override
    public int getTransactionIsolation() {
        return isolation;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
        // no warnings are ever raised
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return prepareCall(sql);
    }

    @Override
    public Map<String, Class<?>> getTypeMap() {
        return typeMap;
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) {
        this.typeMap = map;
    }

    @Override
    public void setHoldability(int holdability) {
        this.holdability = holdability;
    }

    @Override
    public int getHoldability() {
        return holdability;
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: savepoints");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: savepoints");
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: savepoints");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: savepoints");
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
            int resultSetHoldability) throws SQLException {
        return prepareCall(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public Clob createClob() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: LOBs");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: LOBs");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: LOBs");
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
        StubStats.VALIDATE.increment();
        roundTrips[0]++;
        Delay.apply(delays.validUs());
        return true;
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        clientInfo.setProperty(name, value);
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        clientInfo.clear();
        clientInfo.putAll(properties);
    }

    @Override
    public String getClientInfo(String name) {
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() {
        return clientInfo;
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: arrays");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw new SQLFeatureNotSupportedException("stub: structs");
    }

    @Override
    public void setSchema(String schema) {
        this.schema = schema;
    }

    @Override
    public String getSchema() {
        return schema;
    }

    @Override
    public void abort(Executor executor) {
        closed = true;
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) {
        this.networkTimeout = milliseconds;
    }

    @Override
    public int getNetworkTimeout() {
        return networkTimeout;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
