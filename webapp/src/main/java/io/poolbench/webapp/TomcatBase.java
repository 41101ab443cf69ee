package io.poolbench.webapp;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.process.StaleTempDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * An embedded Tomcat's base directory in the temp directory, named for the process that owns it (so that one left
 * by a process killed with -9 is removed by the next), and the Tomcat on loopback that uses it.
 */
final class TomcatBase {
    private TomcatBase() {
    }

    /**
     * @return a new base directory in the temp directory, named for this process, with its {@code docroot}; stale
     *     ones of processes gone are removed first
     * @throws TestbedException one line when the directory cannot be created
     */
    static Path create() {
        StaleTempDirs.sweep(StaleTempDirs.TOMCAT_PREFIX);
        Path base;
        try {
            base = Files.createTempDirectory(StaleTempDirs.TOMCAT_PREFIX + ProcessHandle.current().pid() + "-");
        } catch (IOException e) {
            throw new TestbedException("cannot create a Tomcat base directory in " + System.getProperty("java.io.tmpdir")
                    + ": " + e.getMessage(), e);
        }
        base.resolve("docroot").toFile().mkdirs();
        return base;
    }

    /**
     * The system property that runs the connector's request threads as virtual threads (Tomcat's
     * {@code useVirtualThreads}, since 10.1.10; JDK 21 or newer): a profile's variant, e.g.
     * {@code aurora --webapp-jvm-variant -Dpoolbench.tomcat.virtualThreads=true}, compares platform and virtual
     * request threads for the same pool. Tomcat then ignores {@code maxThreads}.
     */
    static final String VIRTUAL_THREADS = "poolbench.tomcat.virtualThreads";

    /**
     * A Tomcat on 127.0.0.1 with one HTTP connector and naming enabled; the caller adds the context.
     *
     * @throws TestbedException one line when virtual request threads are asked for on a JDK without them
     */
    static Tomcat tomcat(Path base, int port, int maxThreads, int shutdownPort) {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        tomcat.enableNaming();
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("maxThreads", Integer.toString(maxThreads));
        if (Boolean.getBoolean(VIRTUAL_THREADS)) {
            if (Runtime.version().feature() < 21) {
                throw new TestbedException("-D" + VIRTUAL_THREADS + "=true: virtual request threads need JDK 21 or"
                        + " newer and the webapp runs on JDK " + Runtime.version().feature() + ": run poolbench with"
                        + " POOLBENCH_WEBAPP_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java (the webapp alone on"
                        + " it; JMeter stays on this JDK)");
            }
            connector.setProperty("useVirtualThreads", "true");
        }
        tomcat.setConnector(connector);
        tomcat.getServer().setPort(shutdownPort);
        tomcat.getServer().setAddress("127.0.0.1");
        return tomcat;
    }

    /**
     * @param tomcat a Tomcat from {@link #tomcat}
     * @param base its base directory
     * @return its one context, at the root, serving {@code docroot}; leak detection that needs {@code --add-opens}
     *     is off (irrelevant for a single-context, single-run server)
     */
    static Context context(Tomcat tomcat, Path base) {
        Context ctx = tomcat.addContext("", base.resolve("docroot").toAbsolutePath().toString());
        if (ctx instanceof StandardContext sc) {
            sc.setClearReferencesObjectStreamClassCaches(false);
            sc.setClearReferencesRmiTargets(false);
            sc.setClearReferencesThreadLocals(false);
        }
        return ctx;
    }

    /** @param p a base directory to remove, as far as it can be */
    static void delete(Path p) {
        try {
            Cli.deleteTree(p);
        } catch (IOException ignored) {
            // temp files only
        }
    }
}
