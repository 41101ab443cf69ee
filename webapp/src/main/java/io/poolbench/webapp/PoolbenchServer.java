package io.poolbench.webapp;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.DataSet;
import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.process.StopOnExit;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.R2dbcProfile;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.ContextResource;

/**
 * The embedded Tomcat of the webapp. The profile's {@code <Resource>} is bound in Tomcat's JNDI exactly as Tomcat
 * binds a context.xml resource (a {@link ContextResource} whose properties are the attributes, created on first
 * lookup by the factory the profile names); servlets look it up at {@code java:comp/env/<name>}.
 *
 * <p>Endpoints: {@code /short}, {@code /medium}, {@code /long}, {@code /write}, {@code /pool}, {@code /screen} (see
 * {@link QueryServlet}, {@link PoolServlet}, {@link ScreenServlet}).
 */
public final class PoolbenchServer implements AutoCloseable {
    private final Tomcat tomcat;
    private final Path baseDir;
    private final PoolProfile profile;
    private final R2dbcProfile r2dbc;
    private final StopOnExit stopOnExit;
    private RequestLogs logs = RequestLogs.NONE;
    private boolean closed;

    /**
     * Server settings.
     *
     * @param profile the pool profile
     * @param vars placeholder values for the profile ({@code poolbench.jdbc.url}, {@code .user}, {@code .password})
     * @param data the data set served (for random parameters)
     * @param port HTTP port, 0 for any free port
     * @param maxThreads Tomcat connector's request threads (Tomcat's default is 200)
     * @param shutdownPort Tomcat shutdown port on loopback, -1 for none
     * @param screens the Aurora article's screens served at {@code /screen}
     * @param screenLog CSV file for the {@link io.poolbench.testbed.load.ScreenLog} of {@code /screen} and the query classes,
     *     or null for none
     * @param traceLog CSV file for the {@link TraceLog} of the same requests, or null for none: with a file, the pool
     *     opens its connections through {@link TraceDriver} (the profile's URL and driver class attributes point
     *     there; every other setting stays the profile's)
     */
    public record Settings(PoolProfile profile, Map<String, String> vars, DataSet data, int port, int maxThreads,
            int shutdownPort, ScreenModel screens, Path screenLog, Path traceLog) {
        /**
         * Settings with the article's screens and no screen log.
         *
         * @param profile see the record
         * @param vars see the record
         * @param data see the record
         * @param port see the record
         * @param maxThreads see the record
         * @param shutdownPort see the record
         */
        public Settings(PoolProfile profile, Map<String, String> vars, DataSet data, int port, int maxThreads,
                int shutdownPort) {
            this(profile, vars, data, port, maxThreads, shutdownPort, ScreenModel.article(), null, null);
        }
    }

    private PoolbenchServer(Tomcat tomcat, Path baseDir, PoolProfile profile,
            R2dbcProfile r2dbc) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.profile = profile;
        this.r2dbc = r2dbc;
        // Ctrl-C in a process that embeds the server (the drills) stops Tomcat and removes its base directory
        this.stopOnExit = new StopOnExit("poolbench-tomcat-stop", this::stop);
    }

    /** Starts Tomcat, checks the port and looks the resource up once; closes the server on any failure. */
    private static PoolbenchServer launch(PoolbenchServer server, String file, Map<String, String> vars) {
        try {
            server.tomcat.start();
        } catch (LifecycleException e) {
            server.close();
            Throwable root = Redact.rootCause(e);
            throw new TestbedException("the webapp did not start with profile " + file + ": "
                    + Redact.secret(Redact.oneLine(root.toString()),
                            vars.get("poolbench.jdbc.password")), e);
        }
        int wanted = server.tomcat.getConnector().getPort();
        if (server.tomcat.getConnector().getLocalPort() < 0) {
            server.close();
            throw new TestbedException("Tomcat could not bind 127.0.0.1:" + wanted
                    + " (in use); choose another --port or 0 for any free port");
        }
        try {
            server.lookupResource();
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /**
     * Starts Tomcat serving the concurrency article's query through an R2DBC profile's pool: {@code /medium} (the request thread
     * blocks, as a synchronous servlet must), {@code /medium-async} (Servlet async, no thread held while the
     * database works) and {@code /pool}; the JDBC endpoints are not served.
     *
     * @param s settings (its {@code profile} is unused and may be null)
     * @param r2dbc the R2DBC profile
     * @return the running server, the pool warmed up to its {@code initialSize}
     * @throws TestbedException one line when the port is taken or the pool cannot be built
     */
    public static PoolbenchServer startR2dbc(Settings s, R2dbcProfile r2dbc) {
        Map<String, String> attrs = r2dbc.resolvedAttributes(s.vars());
        Path base = TomcatBase.create();
        Tomcat tomcat = TomcatBase.tomcat(base, s.port(), s.maxThreads(), s.shutdownPort());
        Context ctx = TomcatBase.context(tomcat, base);
        ContextResource res = new ContextResource();
        res.setName(r2dbc.resourceName());
        res.setType(R2dbcProfile.TYPE);
        res.setAuth(attrs.getOrDefault("auth", "Container"));
        res.setCloseMethod(attrs.getOrDefault("closeMethod", "dispose"));
        attrs.forEach((k, v) -> {
            if (!k.equals("name") && !k.equals("type") && !k.equals("auth") && !k.equals("closeMethod")) {
                res.setProperty(k, v);
            }
        });
        ctx.getNamingResources().addResource(res);
        String jndi = r2dbc.resourceName();
        add(ctx, "medium", new R2dbcQueryServlet(R2dbcQueryServlet.Mode.BLOCKING, jndi, s.data()), "/medium")
                .setAsyncSupported(false);
        add(ctx, "medium-async", new R2dbcQueryServlet(R2dbcQueryServlet.Mode.ASYNC, jndi, s.data()),
                "/medium-async").setAsyncSupported(true);
        add(ctx, "pool", new PoolServlet(jndi, r2dbc.name(), true), "/pool");
        return launch(new PoolbenchServer(tomcat, base, null, r2dbc), r2dbc.file().toString(), s.vars());
    }


    /**
     * Starts Tomcat and creates the pool (a first lookup, so a bad profile or database fails here, not at the
     * first request).
     *
     * @param s settings
     * @return the running server
     * @throws TestbedException one line when the port is taken or the pool cannot be built
     */
    public static PoolbenchServer start(Settings s) {
        s.profile().check(s.vars(), Set.of());
        Path base = TomcatBase.create();
        Tomcat tomcat = TomcatBase.tomcat(base, s.port(), s.maxThreads(), s.shutdownPort());
        Context ctx = TomcatBase.context(tomcat, base);
        PoolProfile p = s.profile();
        ContextResource res = new ContextResource();
        res.setName(p.resourceName());
        Map<String, String> attrs = s.traceLog() == null ? p.resolvedAttributes(s.vars())
                : TraceDriver.profileAttributes(p, p.resolvedAttributes(s.vars()));
        res.setType(attrs.getOrDefault("type", "javax.sql.DataSource"));
        res.setAuth(attrs.getOrDefault("auth", "Container"));
        // Tomcat closes a pool through its closeMethod; a driver's own DataSource (no pool) has none
        res.setCloseMethod(attrs.getOrDefault("closeMethod", p.kind().adapter().pooled() ? "close" : ""));
        attrs.forEach((k, v) -> {
            if (!k.equals("name") && !k.equals("type") && !k.equals("auth") && !k.equals("closeMethod")) {
                res.setProperty(k, v);
            }
        });
        ctx.getNamingResources().addResource(res);

        String jndi = p.resourceName();
        RequestLogs logs = RequestLogs.open(s.screenLog(), s.traceLog());
        for (QueryServlet.Kind k : QueryServlet.Kind.values()) {
            String name = Labels.of(k);
            add(ctx, name, new QueryServlet(k, jndi, s.data(), logs), "/" + name);
        }
        add(ctx, "pool", new PoolServlet(jndi, p.name(), false), "/pool");
        add(ctx, "screen", new ScreenServlet(jndi, s.data(), s.screens(), logs), "/screen");

        PoolbenchServer server = new PoolbenchServer(tomcat, base, p, null);
        server.logs = logs;
        return launch(server, p.file().toString(), s.vars());
    }

    private static Wrapper add(Context ctx, String name, jakarta.servlet.Servlet servlet,
            String path) {
        Wrapper w = Tomcat.addServlet(ctx, name, servlet);
        w.setLoadOnStartup(1);
        ctx.addServletMappingDecoded(path, name);
        return w;
    }

    /** Looks the profile's resource up once, so that a pool that cannot be built fails the start with one line. */
    private void lookupResource() {
        if (r2dbc == null) {
            lookup();
            return;
        }
        Context ctx = (Context) tomcat.getHost().findChild("");
        ClassLoader old = Thread.currentThread().getContextClassLoader();
        try {
            ctx.bind(false, old);
            try {
                new InitialContext().lookup("java:comp/env/" + r2dbc.resourceName());
            } finally {
                ctx.unbind(false, old);
            }
        } catch (NamingException e) {
            throw new TestbedException("profile " + r2dbc.file() + ": the R2DBC pool could not be created: "
                    + e.getMessage(), e);
        }
    }

    /** Looks the pool up in the context's JNDI (with its class loader bound) and fails with one line if it broke. */
    private DataSource lookup() {
        Context ctx = (Context) tomcat.getHost().findChild("");
        ClassLoader old = Thread.currentThread().getContextClassLoader();
        try {
            ctx.bind(false, old);
            try {
                Object o = new InitialContext().lookup("java:comp/env/" + profile.resourceName());
                if (!(o instanceof DataSource)) {
                    throw new TestbedException("profile " + profile.file() + ": JNDI gave "
                            + (o == null ? "null" : o.getClass().getName()) + ", not a DataSource");
                }
                return (DataSource) o;
            } finally {
                ctx.unbind(false, old);
            }
        } catch (NamingException e) {
            Throwable root = Redact.rootCause(e);
            throw new TestbedException("profile " + profile.file() + ": the pool could not be created: "
                    + root.getMessage(), e);
        }
    }

    /** @return the pool bound in JNDI (JDBC profiles only) */
    public DataSource dataSource() {
        return lookup();
    }

    /** @return the HTTP port actually bound */
    public int port() {
        return tomcat.getConnector().getLocalPort();
    }

    /** @return the JDBC profile served, null for an R2DBC profile */
    public PoolProfile profile() {
        return profile;
    }

    /** Blocks until the shutdown port receives Tomcat's shutdown command, or forever when there is none. */
    public void await() {
        tomcat.getServer().await();
    }

    /** Stops Tomcat (closing the pool through the resource's closeMethod) and deletes the base directory. */
    @Override
    public void close() {
        stopOnExit.close();
    }

    private synchronized void stop() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException | RuntimeException ignored) {
            // best effort on the way out
        }
        logs.close();
        TomcatBase.delete(baseDir);
    }

    /** Writes the screen log's and the JDBC trace's buffered rows to their files (the scenario reads them while the server runs). */
    public void flushScreenLog() {
        logs.flush();
    }
}
