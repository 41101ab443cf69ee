package io.poolbench.testbed.profile;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a pool says about its own settings while it is built: its warnings, in its own words. HikariCP logs through
 * SLF4J's simple binding (to {@code System.err} at each write), DBCP2 and Tomcat JDBC through java.util.logging; both
 * are caught for the duration of one call and handed back, not shown in between.
 *
 * @param <T> what the call returns
 * @param value what the call returned
 * @param warnings the lines logged at WARN / WARNING or above, as the pool wrote them (without the logger's prefix)
 */
public record PoolLogCapture<T>(T value, List<String> warnings) {

    /**
     * @param call builds (and starts) a pool
     * @param <T> what it returns
     * @return its value and the warnings logged meanwhile
     * @throws Exception what the call throws
     */
    public static <T> PoolLogCapture<T> during(Callable<T> call) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        List<String> jul = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    jul.add(r.getMessage() == null ? "" : java.text.MessageFormat.format(r.getMessage(),
                            r.getParameters() == null ? new Object[0] : r.getParameters()));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = LogManager.getLogManager().getLogger("");
        root.addHandler(h);
        T value;
        try (PrintStream capture = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            value = call.call();
        } finally {
            System.setErr(err);
            root.removeHandler(h);
        }
        List<String> out = new ArrayList<>();
        for (String line : buf.toString(StandardCharsets.UTF_8).split("\\R")) {
            // SLF4J simple: "[thread] WARN logger - message"
            int at = line.indexOf(" WARN ");
            if (at < 0) {
                at = line.indexOf(" ERROR ");
            }
            if (at >= 0) {
                int dash = line.indexOf(" - ", at);
                out.add(dash >= 0 ? line.substring(dash + 3).strip() : line.substring(at).strip());
            }
        }
        out.addAll(jul);
        return new PoolLogCapture<>(value, List.copyOf(out));
    }
}
