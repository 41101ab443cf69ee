package io.poolbench.suite.tools;

import io.poolbench.suite.process.Children;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.FreePort;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A server-side connection pooler (PgBouncer, pgpool-II) that poolbench starts in front of a PostgreSQL server,
 * from a configuration file kept in the project ({@code src/main/resources/io/poolbench/suite/tools/poolers/}); the
 * filled copy and the pooler's log go to the run directory. {@link #close()} stops it and every process it forked,
 * also on Ctrl-C (shutdown hook) and when this JVM is killed ({@link io.poolbench.testbed.process.ParentWatch}).
 *
 * <p>Only in front of a server that needs no password (the embedded default trusts loopback connections): a
 * pooler would need the password in its own files otherwise, and poolbench writes passwords nowhere.
 */
public abstract class ServerPooler implements AutoCloseable {
    /**
     * The server behind the pooler.
     *
     * @param host host
     * @param port port
     * @param database database name
     * @param user user (trusted: no password)
     */
    record Backend(String host, int port, String database, String user) {
    }

    private final Path executable;
    private Process process;
    private int port;
    private Path dir;
    private List<ProcessHandle> forked = List.of();

    ServerPooler(Path executable) {
        this.executable = executable;
    }

    /** @return the pooler's name as reports show it, e.g. {@code PgBouncer} */
    abstract String displayName();

    /** @return the name of the configuration template beside this class under {@code poolers/} */
    abstract String template();

    /**
     * @param config the filled configuration file
     * @param dir the pooler's directory (config, log, pid file)
     * @return the command line that runs the pooler in the foreground
     */
    abstract List<String> command(Path config, Path dir);

    /**
     * Values of the template's placeholders besides {@code port}, {@code serverHost}, {@code serverPort},
     * {@code database}, {@code user}, {@code dir}.
     *
     * @param dir the pooler's directory
     * @return placeholder → value
     * @throws IOException when a directory for it cannot be made
     */
    abstract Map<String, String> extraVars(Path dir) throws IOException;

    /** @return the executable */
    Path executable() {
        return executable;
    }

    /** @return the first line of {@code --version} */
    public String version() {
        return InstalledTool.version(executable);
    }

    /** @return the port clients connect to (valid after {@link #start}) */
    public int port() {
        return port;
    }

    /** @return the pooler's directory in the run directory (valid after {@link #start}) */
    Path dir() {
        return dir;
    }

    /** @return the pooler's process id, or -1 before it started */
    public long pid() {
        return process == null ? -1 : process.pid();
    }

    /**
     * Fills the template, starts the pooler and waits (up to 30 s) until {@code SELECT 1} through it answers.
     *
     * @param backend the server behind it
     * @param dir a new directory for its files
     * @throws TestbedException with the pooler's last log line when it exits or does not answer
     */
    public final void start(Backend backend, Path dir) {
        this.dir = dir;
        try {
            Files.createDirectories(dir);
            port = FreePort.pick();
            Map<String, String> vars = new HashMap<>(extraVars(dir));
            vars.put("port", Integer.toString(port));
            vars.put("serverHost", backend.host());
            vars.put("serverPort", Integer.toString(backend.port()));
            vars.put("database", backend.database());
            vars.put("user", backend.user());
            vars.put("dir", dir.toAbsolutePath().toString());
            String text;
            try (InputStream in = ServerPooler.class.getResourceAsStream("poolers/" + template())) {
                if (in == null) {
                    throw new IOException("the configuration template poolers/" + template() + " is not in the jar");
                }
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            for (Map.Entry<String, String> e : vars.entrySet()) {
                text = text.replace("${" + e.getKey() + "}", e.getValue());
            }
            Path config = dir.resolve(template());
            Files.writeString(config, text);
            config.toFile().setReadable(true, false);
            Path log = dir.resolve(displayName().toLowerCase(Locale.ROOT).replace("-", "") + ".log");
            process = Children.start(command(config, dir), Map.of(), log, null);
            awaitReady(backend, log);
        } catch (IOException e) {
            close();
            throw new TestbedException(displayName() + " did not start: " + e.getMessage());
        } catch (TestbedException e) {
            close();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new TestbedException(displayName() + " start interrupted");
        }
    }

    private void awaitReady(Backend backend, Path log) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                Children.awaitOutput(process);
                throw new TestbedException(displayName() + " exited with code " + process.exitValue() + " at start: "
                        + lastLine(log) + " (log: " + log + ")");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            } catch (IOException e) {
                Thread.sleep(200);
                continue;
            }
            try (Connection c = DriverManager.getConnection(jdbcUrl(backend.database()), backend.user(), "");
                 Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT 1")) {
                r.next();
                forked = process.descendants().toList();
                return;
            } catch (SQLException e) {
                last = e.getMessage();
                Thread.sleep(200);
            }
        }
        throw new TestbedException(displayName() + " did not answer SELECT 1 within 30 s: " + last + " (log: " + log
                + ")");
    }

    /**
     * @param database database name
     * @return a pgjdbc URL through the pooler
     */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "no log";
        }
    }

    /**
     * @return the pooler's processes now (the main one and what it forked), for CPU accounting
     */
    List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        if (process != null && process.isAlive()) {
            pids.add(process.pid());
            process.descendants().forEach(h -> pids.add(h.pid()));
        }
        return pids;
    }

    /**
     * Stops the pooler (SIGTERM: PgBouncer's immediate shutdown, pgpool-II's smart one, which with no clients is
     * at once), forces it after 10 s, then ends any process it had forked that is still there.
     */
    @Override
    public void close() {
        if (process == null) {
            return;
        }
        List<ProcessHandle> all = new ArrayList<>(forked);
        process.descendants().forEach(all::add);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        for (ProcessHandle h : all) {
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
        try {
            Children.awaitOutput(process);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether the pooler of this kind is installed.
     *
     * @param name executable name
     * @return its path, or empty
     */
    public static Optional<Path> find(String name) {
        return InstalledTool.find(name, null);
    }
}
