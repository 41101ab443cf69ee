package io.poolbench.testbed.db;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells, when asked (once a second, by the wait of a load phase), whether the database the load runs against is
 * still there, so that a database that dies ends the phase within seconds with one line naming it, instead of a load
 * that runs to its planned end on failed requests.
 *
 * <p>Two readings, the cheaper one that applies: the server processes this run started (the embedded PostgreSQL's
 * postmaster, a MySQL or Toxiproxy container's main process, seen as host processes of a local Docker engine): one
 * that is gone is at once "gone"; else a TCP connect to the host and port of the JDBC URL (1 s timeout): {@value
 * #REFUSALS} refused in a row are "gone" (one refusal can be a listen queue that was full). The TCP check opens no
 * database session. A server that accepts connections but no longer answers queries is not seen here: the phase's
 * error budget catches it at the end.
 */
public final class DatabaseWatch implements Supplier<String> {
    /** Consecutive refused TCP connects that mean the server is gone. */
    static final int REFUSALS = 3;
    private static final Pattern HOST_PORT = Pattern.compile("^jdbc:([a-z]+)(?::[a-z]+)*://([^/:,?;]+)(?::(\\d+))?");

    private final Map<String, Long> processes;
    private final InetSocketAddress address;
    private int refused;

    private DatabaseWatch(Map<String, Long> processes, InetSocketAddress address) {
        this.processes = processes;
        this.address = address;
    }

    /**
     * @param db the database
     * @return a watch on its server processes where this machine sees them, else on its JDBC URL's address
     */
    public static DatabaseWatch of(Database db) {
        return of(db.serverProcesses(), db.jdbcUrl());
    }

    /**
     * @param processes name → host pid of the server's processes (e.g. {@code mysql-a}); pids this machine does not
     *     see (a remote Docker engine) are left out
     * @param jdbcUrl the URL whose host and port are checked when no process is seen; may be null
     * @return the watch
     */
    public static DatabaseWatch of(Map<String, Long> processes, String jdbcUrl) {
        Map<String, Long> seen = new LinkedHashMap<>();
        processes.forEach((name, pid) -> {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                seen.put(name, pid);
            }
        });
        return new DatabaseWatch(seen, seen.isEmpty() ? address(jdbcUrl) : null);
    }

    /**
     * @param jdbcUrl a JDBC URL such as {@code jdbc:mysql://host:3306/db}
     * @return its first host and port (the driver's default port when none is given: 5432 for PostgreSQL, 3306 for
     *     MySQL and MariaDB), unresolved; null when the URL names no host this check understands
     */
    static InetSocketAddress address(String jdbcUrl) {
        Matcher m = jdbcUrl == null ? null : HOST_PORT.matcher(jdbcUrl);
        if (m == null || !m.find()) {
            return null;
        }
        int port;
        if (m.group(3) != null) {
            port = Integer.parseInt(m.group(3));
        } else if (m.group(1).equals("postgresql")) {
            port = 5432;
        } else if (m.group(1).equals("mysql") || m.group(1).equals("mariadb")) {
            port = 3306;
        } else {
            return null;
        }
        return InetSocketAddress.createUnresolved(m.group(2), port);
    }

    /** @return a line naming what is gone (e.g. {@code the database's process mysql (pid 4711) is gone}), or null */
    @Override
    public String get() {
        for (Map.Entry<String, Long> p : processes.entrySet()) {
            if (!ProcessHandle.of(p.getValue()).map(ProcessHandle::isAlive).orElse(false)) {
                return "the database's process " + p.getKey() + " (pid " + p.getValue() + ") is gone";
            }
        }
        if (address == null) {
            return null;
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address.getHostString(), address.getPort()), 1_000);
            refused = 0;
            return null;
        } catch (IOException e) {
            return ++refused >= REFUSALS ? "the database at " + address.getHostString() + ":" + address.getPort()
                    + " refused " + REFUSALS + " connects in a row (" + e.getMessage() + ")" : null;
        }
    }
}
