package io.poolbench.webapp;

import io.poolbench.testbed.Labels;
import io.poolbench.testbed.Redact;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;
import net.ttddyy.dsproxy.listener.MethodExecutionListener;
import net.ttddyy.dsproxy.proxy.ProxyJdbcObject;

/**
 * What {@link TraceDriver} sees beneath the pool, attributed to the request being served on the calling thread: the
 * servlet opens a {@link Request} before it borrows and marks when it has the connection ({@link Phase#WORK}) and
 * when it gives it back ({@link Phase#RETURN}); every JDBC call on a physical connection made on that thread in
 * between is counted under its phase. A pool validates and resets connections in the borrowing thread (HikariCP's
 * {@code getConnection} and {@code close}, DBCP's {@code testOnBorrow}, Tomcat JDBC's validation): those calls are
 * the pool's round trips per borrow. Calls on other threads (a pool's housekeeping, keepalive, evictor) only move
 * the connection's last-use time.
 */
public final class JdbcTrace {
    /** Where a request is with its connection. */
    public enum Phase {
        /** inside {@code DataSource.getConnection()} */
        BORROW,
        /** the servlet's own calls */
        WORK,
        /** inside {@code Connection.close()}: the pool takes it back */
        RETURN
    }

    /** Last end of any call per physical connection, {@link System#nanoTime()}; removed when it is closed. */
    private static final Map<String, Long> LAST_CALL_END = new ConcurrentHashMap<>();
    private static final ThreadLocal<Request> CURRENT = new ThreadLocal<>();

    /** The datasource-proxy listener that feeds the trace (every method of connections and statements). */
    static final MethodExecutionListener LISTENER = new MethodExecutionListener() {
        @Override
        public void beforeMethod(MethodExecutionContext ctx) {
            Request r = CURRENT.get();
            if (r != null) {
                r.touch(ctx.getConnectionInfo().getConnectionId());
            }
        }

        @Override
        public void afterMethod(MethodExecutionContext ctx) {
            Method m = ctx.getMethod();
            // java.lang.Object's and datasource-proxy's own methods (getTarget) are not JDBC calls
            if (m.getDeclaringClass() == Object.class || m.getDeclaringClass() == ProxyJdbcObject.class) {
                return;
            }
            String id = ctx.getConnectionInfo().getConnectionId();
            String call = m.getDeclaringClass().getSimpleName() + "." + m.getName();
            Request r = CURRENT.get();
            if (r != null) {
                r.call(call, id, ctx.getThrown());
            }
            if (call.equals("Connection.close")) {
                LAST_CALL_END.remove(id);
            } else {
                LAST_CALL_END.put(id, System.nanoTime());
            }
        }
    };

    private JdbcTrace() {
    }

    /**
     * Starts the trace of a request on this thread, in {@link Phase#BORROW}.
     *
     * @return the request's trace; end it with {@link Request#end()} on the same thread
     */
    public static Request begin() {
        Request r = new Request();
        CURRENT.set(r);
        return r;
    }

    /** @param id a connection the driver just opened (on this thread: counted as {@code connect}) */
    static void opened(String id) {
        Request r = CURRENT.get();
        if (r != null) {
            r.touch(id);
            r.call("connect", id, null);
        }
        LAST_CALL_END.put(id, System.nanoTime());
    }

    /** @param e the driver's failure to open a connection on this thread */
    static void openFailed(Throwable e) {
        Request r = CURRENT.get();
        if (r != null) {
            r.call("connect", null, e);
        }
    }

    /**
     * What one request did beneath the pool.
     *
     * @param connections physical connections touched, trace ids in order, space-separated; empty when none (a pool
     *     that finds a connection dead on borrow tries another: the request ran on the last)
     * @param idleBeforeMs time the last of them had been without a call before the request touched it, ms; -1 when
     *     the request opened it or touched none
     * @param validated true when the pool checked the last of them inside getConnection ({@code Connection.isValid}
     *     or a query on it)
     * @param borrowCalls calls per name inside getConnection, e.g. {@code Connection.isValid
     *     Connection.setNetworkTimeout×2}
     * @param workCalls the servlet's calls, likewise
     * @param returnCalls calls inside close, likewise
     * @param failedCall {@code <phase>:<call>} of the last call that threw (the one the request failed on; a pool
     *     swallows a failed check inside getConnection and lends another connection), or empty
     * @param message its message, one line, passwords removed, or empty
     */
    public record Result(String connections, long idleBeforeMs, boolean validated, String borrowCalls,
            String workCalls, String returnCalls, String failedCall, String message) {
    }

    /** One request's trace; used by one thread. */
    public static final class Request {
        private final List<String> connections = new ArrayList<>();
        private final Map<String, Long> idleBeforeMs = new HashMap<>();
        private final Set<String> validated = new HashSet<>();
        private final Map<Phase, Map<String, Integer>> calls = new EnumMap<>(Phase.class);
        private Phase phase = Phase.BORROW;
        private String failedCall = "";
        private String message = "";

        private Request() {
        }

        /** @param p the phase the request is entering */
        public void phase(Phase p) {
            phase = p;
        }

        private void touch(String id) {
            if (!connections.contains(id)) {
                Long last = LAST_CALL_END.get(id);
                idleBeforeMs.put(id, last == null ? -1 : (System.nanoTime() - last) / 1_000_000);
                connections.add(id);
            }
        }

        private void call(String name, String id, Throwable thrown) {
            calls.computeIfAbsent(phase, k -> new LinkedHashMap<>()).merge(name, 1, Integer::sum);
            if (phase == Phase.BORROW && id != null && (name.equals("Connection.isValid") || name.contains(".execute"))) {
                validated.add(id);
            }
            if (thrown != null) {
                failedCall = Labels.of(phase) + ":" + name;
                message = Redact.oneLine(String.valueOf(thrown.getMessage()));
            }
        }

        /**
         * Ends the trace on this thread.
         *
         * @return what the request did
         */
        public Result end() {
            CURRENT.remove();
            String last = connections.isEmpty() ? null : connections.get(connections.size() - 1);
            return new Result(String.join(" ", connections), last == null ? -1 : idleBeforeMs.get(last),
                    validated.contains(last), calls(Phase.BORROW), calls(Phase.WORK), calls(Phase.RETURN), failedCall,
                    message);
        }

        private String calls(Phase p) {
            StringBuilder b = new StringBuilder();
            calls.getOrDefault(p, Map.of()).forEach((name, n) -> {
                if (b.length() > 0) {
                    b.append(' ');
                }
                b.append(name).append(n > 1 ? "×" + n : "");
            });
            return b.toString();
        }
    }
}
