package io.poolbench.bench;

import io.poolbench.testbed.stub.StubDriver;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Pools that misbehave on purpose, for {@link BorrowerProbeTest}: one that spins, one that pins its carrier. */
final class ProbePools {
    private ProbePools() {
    }

    /** A "pool" that spins for a while in every borrow before it hands out a stub connection. */
    static DataSource spinning(long spinMicros) {
        return new Base() {
            @Override
            public Connection getConnection() throws SQLException {
                long until = System.nanoTime() + spinMicros * 1_000;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                return stub();
            }
        };
    }

    /**
     * A "pool" whose every borrow blocks inside a class initialisation: on JDK 24 and later the one thing left in
     * plain Java that pins a virtual thread's carrier (JEP 491), so JFR records a {@code jdk.VirtualThreadPinned}
     * event with {@link SlowInit} on its stack. Each borrow defines the class afresh in a loader of its own, so that
     * its initialisation runs every time.
     */
    static DataSource pinning() {
        byte[] bytes;
        try (var in = ProbePools.class.getResourceAsStream("ProbePools$SlowInit.class")) {
            bytes = in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        return new Base() {
            @Override
            public Connection getConnection() throws SQLException {
                ClassLoader fresh = new ClassLoader(ProbePools.class.getClassLoader()) {
                    @Override
                    protected Class<?> findClass(String name) throws ClassNotFoundException {
                        return defineClass(name, bytes, 0, bytes.length);
                    }

                    @Override
                    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                        return name.equals(SlowInit.class.getName()) ? findClass(name) : super.loadClass(name, resolve);
                    }
                };
                try {
                    Class.forName(SlowInit.class.getName(), true, fresh);
                } catch (ClassNotFoundException e) {
                    throw new SQLException(e);
                }
                return stub();
            }
        };
    }

    /** A class whose initialisation sleeps: a virtual thread that starts it stays on its carrier meanwhile. */
    static final class SlowInit {
        static {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private SlowInit() {
        }
    }

    private static Connection stub() throws SQLException {
        return new StubDriver().connect("jdbc:stub:probe", new Properties());
    }

    /** Everything of a DataSource but the borrow. */
    private abstract static class Base implements DataSource {
        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }

        @Override
        public <T> T unwrap(Class<T> iface) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return false;
        }
    }
}
