package io.poolbench.toxiproxy;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.MySqlDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The replication and role SQL of the drills, for MySQL 8.4 and MariaDB 10.11 (which stands in for MySQL where
 * MySQL is not available), chosen by the server's version string: {@code CHANGE REPLICATION SOURCE} vs
 * {@code CHANGE MASTER}, {@code super_read_only} only on MySQL, GTID waits with {@code WAIT_FOR_EXECUTED_GTID_SET}
 * vs {@code MASTER_GTID_WAIT}.
 */
public final class ReplicationControl {
    /** Opens an administrative (root) connection to one server. */
    @FunctionalInterface
    public interface Admin {
        /**
         * @return a new connection; the caller closes it
         * @throws SQLException when the server does not answer
         */
        Connection open() throws SQLException;
    }

    private final boolean mariadb;

    /** @param mariadb true for MariaDB servers */
    public ReplicationControl(boolean mariadb) {
        this.mariadb = mariadb;
    }

    /**
     * @param admin a server
     * @return true when its version string says MariaDB
     * @throws SQLException when it does not answer
     */
    public static boolean isMariaDb(Admin admin) throws SQLException {
        try (Connection c = admin.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            rs.next();
            return rs.getString(1).toLowerCase(Locale.ROOT).contains("mariadb");
        }
    }

    /** @return true for MariaDB */
    public boolean mariadb() {
        return mariadb;
    }

    /**
     * Makes {@code replica} replicate from a source by GTID, from where its GTID state says it is (MariaDB:
     * {@code MASTER_USE_GTID=current_pos}, so that a former writer resumes after its own transactions).
     *
     * @param replica the replica
     * @param sourceHost source host as the replica sees it
     * @param sourcePort source port as the replica sees it
     * @param user replication user
     * @param password replication password
     * @throws SQLException when the replica refuses
     */
    public void replicateFrom(Admin replica, String sourceHost, int sourcePort, String user, String password)
            throws SQLException {
        String pw = password.replace("'", "''");
        try (Connection c = replica.open(); Statement s = c.createStatement()) {
            s.execute(mariadb ? "STOP SLAVE" : "STOP REPLICA");
            if (mariadb) {
                s.execute("CHANGE MASTER TO MASTER_HOST='" + sourceHost + "', MASTER_PORT=" + sourcePort
                        + ", MASTER_USER='" + user + "', MASTER_PASSWORD='" + pw + "', MASTER_USE_GTID=current_pos");
                s.execute("START SLAVE");
            } else {
                s.execute("CHANGE REPLICATION SOURCE TO SOURCE_HOST='" + sourceHost + "', SOURCE_PORT=" + sourcePort
                        + ", SOURCE_USER='" + user + "', SOURCE_PASSWORD='" + pw + "', SOURCE_AUTO_POSITION=1,"
                        + " GET_SOURCE_PUBLIC_KEY=1");
                s.execute("START REPLICA");
            }
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!replicationRunning(replica)) {
            if (System.nanoTime() > deadline) {
                throw new TestbedException("replication from " + sourceHost + ":" + sourcePort + " did not start"
                        + " within 30 s");
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TestbedException("interrupted");
            }
        }
    }

    /**
     * @param replica a server
     * @return true when its replication I/O and SQL threads both run
     * @throws SQLException when it does not answer
     */
    public boolean replicationRunning(Admin replica) throws SQLException {
        try (Connection c = replica.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(mariadb ? "SHOW SLAVE STATUS" : "SHOW REPLICA STATUS")) {
            if (!rs.next()) {
                return false;
            }
            String io = rs.getString(mariadb ? "Slave_IO_Running" : "Replica_IO_Running");
            String sql = rs.getString(mariadb ? "Slave_SQL_Running" : "Replica_SQL_Running");
            return "Yes".equalsIgnoreCase(io) && "Yes".equalsIgnoreCase(sql);
        }
    }

    /**
     * @param replica a server
     * @return its replication state in one line: I/O and SQL thread state and their last errors
     */
    public String replicationState(Admin replica) {
        try (Connection c = replica.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(mariadb ? "SHOW SLAVE STATUS" : "SHOW REPLICA STATUS")) {
            if (!rs.next()) {
                return "not a replica";
            }
            String p = mariadb ? "Slave_" : "Replica_";
            return "io=" + rs.getString(p + "IO_Running") + " sql=" + rs.getString(p + "SQL_Running")
                    + " io_error='" + rs.getString("Last_IO_Error") + "' sql_error='" + rs.getString("Last_SQL_Error")
                    + "'";
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /**
     * Like {@link #waitCaughtUp} but throws when the replica has not caught up in time.
     *
     * @param source the source
     * @param replica the replica
     * @param timeoutSeconds how long to wait
     * @throws io.poolbench.testbed.TestbedException naming the timeout and the replica's state
     * @throws SQLException when a server does not answer
     */
    public void awaitCaughtUp(Admin source, Admin replica, int timeoutSeconds) throws SQLException {
        if (!waitCaughtUp(source, replica, timeoutSeconds)) {
            throw new TestbedException("replica B did not catch up with A within "
                    + timeoutSeconds + " s; B: " + replicationState(replica));
        }
    }

    /**
     * Waits until the replica has applied everything the source has written.
     *
     * @param source the source
     * @param replica the replica
     * @param timeoutSeconds how long to wait
     * @return true when caught up
     * @throws SQLException when a server does not answer
     */
    public boolean waitCaughtUp(Admin source, Admin replica, int timeoutSeconds) throws SQLException {
        String gtids;
        try (Connection c = source.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(mariadb ? "SELECT @@GLOBAL.gtid_binlog_pos" : "SELECT @@GLOBAL.gtid_executed")) {
            rs.next();
            gtids = rs.getString(1);
        }
        if (gtids == null || gtids.isBlank()) {
            return true;
        }
        if (mariadb) {
            // MASTER_GTID_WAIT only looks at gtid_slave_pos, which does not contain a former writer's own
            // transactions; gtid_current_pos does, so poll that instead
            long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
            while (true) {
                String current;
                try (Connection c = replica.open(); Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT @@GLOBAL.gtid_current_pos")) {
                    rs.next();
                    current = rs.getString(1);
                }
                if (covers(current, gtids)) {
                    return true;
                }
                if (System.nanoTime() > deadline) {
                    return false;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        try (Connection c = replica.open(); PreparedStatement p = c.prepareStatement(
                "SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?)")) {
            p.setString(1, gtids);
            p.setInt(2, timeoutSeconds);
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getInt(1) == 0;
            }
        }
    }

    /**
     * Whether a MariaDB GTID position reaches a target: for every domain of the target, the position's sequence
     * number in that domain is at least the target's.
     *
     * @param position e.g. {@code 0-2-120,1-1-5}
     * @param target e.g. {@code 0-1-118}
     * @return true when reached
     */
    static boolean covers(String position, String target) {
        Map<String, Long> pos = new HashMap<>();
        for (String g : (position == null ? "" : position).split(",")) {
            String[] f = g.trim().split("-");
            if (f.length == 3) {
                pos.put(f[0], Long.parseLong(f[2]));
            }
        }
        for (String g : target.split(",")) {
            String[] f = g.trim().split("-");
            if (f.length == 3 && pos.getOrDefault(f[0], -1L) < Long.parseLong(f[2])) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param server a server
     * @throws SQLException when it refuses
     */
    public void setReadOnly(Admin server) throws SQLException {
        try (Connection c = server.open(); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL read_only = ON");
            if (!mariadb) {
                s.execute("SET GLOBAL super_read_only = ON");
            }
        }
    }

    /**
     * Promotes a replica: stops and forgets replication, then makes it writable.
     *
     * @param server the replica
     * @throws SQLException when it refuses
     */
    public void promote(Admin server) throws SQLException {
        try (Connection c = server.open(); Statement s = c.createStatement()) {
            s.execute(mariadb ? "STOP SLAVE" : "STOP REPLICA");
            s.execute(mariadb ? "RESET SLAVE ALL" : "RESET REPLICA ALL");
            if (!mariadb) {
                s.execute("SET GLOBAL super_read_only = OFF");
            }
            s.execute("SET GLOBAL read_only = OFF");
        }
    }

    /**
     * @param server a server
     * @return whether it is read-only
     * @throws SQLException when it does not answer
     */
    public boolean isReadOnly(Admin server) throws SQLException {
        try (Connection c = server.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@GLOBAL.read_only")) {
            rs.next();
            return rs.getInt(1) != 0;
        }
    }

    /**
     * Creates the Aurora article's writer check {@code concheck.validation()} on a writer (it replicates): 1 on a writable
     * server, error 1290 on a read-only one.
     *
     * @param writer the writer
     * @param appUser user that gets EXECUTE on it
     * @throws SQLException when the writer refuses
     */
    public void installWriterCheck(Admin writer, String appUser) throws SQLException {
        try (Connection c = writer.open()) {
            MySqlDatabase.installWriterCheck(c, appUser);
        }
    }
}
