package io.poolbench.webapp;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.options.BorrowOption;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.options.LongScreenOption;
import io.poolbench.testbed.options.MaxThreadsOption;
import io.poolbench.testbed.options.ProfileOptions;
import io.poolbench.testbed.options.ShortScreenOptions;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.R2dbcProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Command line of the webapp: {@code java -jar webapp/target/webapp-*-all.jar --context-xml webapp/conf/hikari.xml}.
 * Starts (or connects to) the database, loads the data set when this process started the database (or with
 * {@code --load-data}), binds the profile's pool in JNDI and serves until Ctrl-C or the shutdown command
 * ({@code ... stop --shutdown-port N}).
 */
@Command(name = "poolbench-webapp", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {WebappMain.Stop.class, WebappMain.Wait.class},
        description = "Embedded Tomcat serving /short /medium /long /write /pool /screen from a JNDI pool profile"
                + " (an R2DBC profile serves /medium, /medium-async and /pool).")
public final class WebappMain implements Callable<Integer> {

    @Option(names = {"--context-xml", "--profile"}, defaultValue = "hikari", paramLabel = "FILE|NAME",
            description = "Pool profile: a context.xml path or a name in --conf-dir (default ${DEFAULT-VALUE}).")
    String profile;

    @Mixin
    ProfileOptions profileOptions;

    @Option(names = "--port", defaultValue = "8080", description = "HTTP port on 127.0.0.1, 0 = any free (default ${DEFAULT-VALUE}).")
    int port;

    @Mixin
    MaxThreadsOption tomcat;

    @Option(names = "--shutdown-port", defaultValue = "-1", description = "Tomcat shutdown port on 127.0.0.1, -1 = none.")
    int shutdownPort;

    @Mixin
    BorrowOption borrow;

    @Mixin
    LongScreenOption longScreen;

    @Mixin
    ShortScreenOptions shortScreen;

    @Option(names = "--screen-log", paramLabel = "FILE", description = "/screen and /short, /medium, /long, /write:"
            + " one CSV row per request (time in getConnection, status, elapsed) to FILE.")
    Path screenLog;

    @Option(names = "--trace-jdbc", paramLabel = "FILE", description = "The same requests beneath the pool: the"
            + " physical connection each ran on, its idle time before, the JDBC calls the pool made while lending and"
            + " taking it back, and the call that failed, one CSV row per request to FILE (the pool opens its"
            + " connections through a datasource-proxy driver; a traced run is for explaining, not for timing).")
    Path traceLog;

    @Option(names = "--ready-file", paramLabel = "FILE", description = "Write the HTTP port to FILE once serving.")
    Path readyFile;

    @Option(names = "--load-data", negatable = true,
            description = "Create and load the data set (default: yes for embedded/mysql, no for external).")
    Boolean loadData;

    @Mixin
    DatabaseOptions dbOptions;

    @Override
    public Integer call() throws Exception {
        Cli.range("--port", port, 0, 65_535);
        if (shutdownPort != -1) {
            Cli.range("--shutdown-port", shutdownPort, 1, 65_535);
            if (shutdownPort == port) {
                throw new TestbedException("--shutdown-port " + shutdownPort + " is the same as --port: choose"
                        + " another, or -1 for none");
            }
            requireFree("--shutdown-port", shutdownPort);
        }
        if (port != 0) {
            requireFree("--port", port);
        }
        MaxThreadsOption.check(tomcat.maxThreads);
        ScreenModel screens = new ScreenModel(borrow.pattern(), LongScreenOption.check(longScreen.maxMs), shortScreen.queries(),
                shortScreen.queryMs());
        dbOptions.validate();
        Path file = profileOptions.locate(profile, null);
        R2dbcProfile r2dbc = R2dbcProfile.isR2dbc(file)
                ? R2dbcProfile.load(file) : null;
        PoolProfile p = r2dbc != null ? null : PoolProfile.load(file, profileOptions.resource);
        if (p != null) {
            p.check(dbOptions.varsSetLater());
            p.warnings().forEach(w -> System.err.println("WARNING " + w));
        }
        DataSet data = dbOptions.dataSet();
        Database db = dbOptions.settings().open();
        PoolbenchServer[] server = new PoolbenchServer[1];
        Thread hook = new Thread(() -> {
            if (server[0] != null) {
                server[0].close();
            }
            db.close();
        }, "poolbench-webapp-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            boolean load = loadData != null ? loadData : !"external".equals(db.kind());
            if (load) {
                data.ensureLoaded(db);
            }
            PoolbenchServer.Settings settings = new PoolbenchServer.Settings(p, DatabaseOptions.vars(db), data,
                    port, tomcat.maxThreads, shutdownPort, screens, screenLog, traceLog);
            server[0] = r2dbc != null ? PoolbenchServer.startR2dbc(settings, r2dbc) : PoolbenchServer.start(settings);
            System.out.println("poolbench webapp: http://127.0.0.1:" + server[0].port() + "/ profile "
                    + (r2dbc != null ? r2dbc.name() + " (R2DBC r2dbc-pool, " + r2dbc.file() + "; /medium blocking,"
                    + " /medium-async)" : p.name() + " (" + p.kind() + version(p, server[0]) + ", " + p.file() + ")")
                    + ", database " + db.describe() + "; JDK " + Runtime.version() + ", request threads "
                    + (Boolean.getBoolean(TomcatBase.VIRTUAL_THREADS) ? "virtual" : "platform"));
            if (readyFile != null) {
                Files.writeString(readyFile, Integer.toString(server[0].port()));
            }
            server[0].await();
            return 0;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
                hook.run();
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is already running
            }
        }
    }

    /** Fails with one line when a port on 127.0.0.1 is taken (checked before the database starts). */
    /**
     * @return {@code " <version>"} of the pool this JVM loaded (the jar first on the class path wins), as the
     *     ready line prints it for the runner to check against the version it asked for; empty when unknown
     */
    private static String version(PoolProfile p, PoolbenchServer server) {
        String v = p.kind().loadedVersion(server.dataSource());
        return v == null ? "" : ", " + PoolKind.VERSION_MARK + v;
    }

    private static void requireFree(String option, int p) {
        try (ServerSocket ss = new ServerSocket()) {
            ss.setReuseAddress(true);
            ss.bind(new InetSocketAddress("127.0.0.1", p));
        } catch (IOException e) {
            throw new TestbedException(option + " " + p + ": 127.0.0.1:" + p + " is in use (" + e.getMessage()
                    + "); choose another port" + (option.equals("--port") ? ", or 0 for any free one" : ", or -1"
                    + " for none"));
        }
    }

    /** {@code stop}: sends Tomcat's shutdown command to a running webapp. */
    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop a webapp started with --shutdown-port.")
    static final class Stop implements Callable<Integer> {
        @Option(names = "--shutdown-port", required = true, description = "The webapp's --shutdown-port.")
        int shutdownPort;

        @Override
        public Integer call() {
            Cli.range("--shutdown-port", shutdownPort, 1, 65_535);
            try (Socket s = new Socket("127.0.0.1", shutdownPort); OutputStream out = s.getOutputStream()) {
                out.write("SHUTDOWN".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                return 0;
            } catch (IOException e) {
                System.err.println("poolbench-webapp stop: nothing listens on 127.0.0.1:" + shutdownPort
                        + " (" + e.getMessage() + "); is the webapp running with --shutdown-port " + shutdownPort + "?");
                return 1;
            }
        }
    }

    /** {@code wait}: blocks until a webapp answers {@code GET /pool}, for build scripts. */
    @Command(name = "wait", mixinStandardHelpOptions = true, description = "Wait until a webapp serves /pool.")
    static final class Wait implements Callable<Integer> {
        @Option(names = "--port", required = true, description = "The webapp's HTTP port.")
        int port;

        @Option(names = "--timeout", defaultValue = "120", description = "Seconds to wait (default ${DEFAULT-VALUE}).")
        int timeoutSeconds;

        @Override
        public Integer call() throws InterruptedException {
            Cli.range("--port", port, 1, 65_535);
            Cli.range("--timeout", timeoutSeconds, 1, 86_400);
            HttpClient http = HttpClient.newHttpClient();
            URI uri = URI.create("http://127.0.0.1:" + port + "/pool");
            long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
            while (System.nanoTime() < deadline) {
                try {
                    if (http.send(HttpRequest.newBuilder(uri).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return 0;
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(250);
            }
            System.err.println("poolbench-webapp wait: nothing answered " + uri + " within " + timeoutSeconds
                    + " s; see the webapp's output for why it did not start");
            return 2;
        }
    }

    /**
     * Entry point; user errors end with one line on stderr and exit code 2.
     *
     * @param args command line
     */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /**
     * Runs the command line without exiting the JVM.
     *
     * @param args command line
     * @return exit code: 0 ok, 2 user error (one line on stderr), 1 other failure
     */
    public static int run(String... args) {
        return Cli.execute(new WebappMain(), "poolbench-webapp", args);
    }
}
