package io.poolbench.suite.tools;

import io.poolbench.suite.process.ChildWait;
import io.poolbench.testbed.process.ParentWatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's own benchmark client, {@code pgbench}, run as a child process, and its summary parsed.
 *
 * <p>What the figures mean depends on the version, and the connect article's article used pgbench 8.4: there, with
 * {@code -C}, "tps including connections establishing" was transactions ÷ wall time and "excluding" was
 * transactions ÷ (wall time − time spent connecting ÷ threads) (pgbench.c of 8.4–13). pgbench 14 and later print
 * "average connection time" and "tps (including reconnection times)" for {@code -C}, and "initial connection time"
 * and "tps (without initial connection time)" without it; {@link #parse} derives the other figure with the old
 * formula, so both are comparable with the article's, and says which one was derived.
 */
public final class Pgbench {
    private static final Pattern THREADS = Pattern.compile("^number of threads: (\\d+)", Pattern.MULTILINE);
    private static final Pattern CLIENTS = Pattern.compile("^number of clients: (\\d+)", Pattern.MULTILINE);
    private static final Pattern PROCESSED = Pattern.compile(
            "^number of transactions actually processed: (\\d+)(?:/(\\d+))?", Pattern.MULTILINE);
    private static final Pattern FAILED = Pattern.compile("^number of failed transactions: (\\d+)", Pattern.MULTILINE);
    private static final Pattern LATENCY = Pattern.compile("^latency average = ([0-9.]+) ms", Pattern.MULTILINE);
    private static final Pattern AVG_CONN = Pattern.compile("^average connection time = ([0-9.]+) ms",
            Pattern.MULTILINE);
    private static final Pattern INIT_CONN = Pattern.compile("^initial connection time = ([0-9.]+) ms",
            Pattern.MULTILINE);
    private static final Pattern TPS = Pattern.compile("^tps = ([0-9.]+) \\(([^)]*)\\)", Pattern.MULTILINE);

    private Pgbench() {
    }

    /**
     * One run's summary.
     *
     * @param clients {@code -c}
     * @param threads {@code -j} as pgbench reports it
     * @param processed transactions processed
     * @param failed failed transactions (0 when the version does not report them)
     * @param latencyAvgMs average latency, ms (null when not printed)
     * @param avgConnectMs average time per connection, ms ({@code -C}, pgbench 14+; derived from the old
     *     figures otherwise), null when unknown
     * @param tpsIncluding transactions per second including connection set-up
     * @param tpsExcluding transactions per second excluding it
     * @param derived which figure was computed rather than printed ({@code "excluding"}, {@code "including"},
     *     {@code "connect"} or {@code ""})
     */
    public record Result(int clients, int threads, long processed, long failed, Double latencyAvgMs, Double avgConnectMs,
            double tpsIncluding, double tpsExcluding, String derived) {
    }

    /**
     * Parses pgbench's summary (8.4 … 17).
     *
     * @param out pgbench's standard output
     * @param reconnect whether the run used {@code -C}
     * @return the figures
     * @throws IllegalArgumentException when the text holds no tps line or no transaction count
     */
    static Result parse(String out, boolean reconnect) {
        int clients = intOf(CLIENTS, out, 0);
        int threads = intOf(THREADS, out, 1);
        Matcher pm = PROCESSED.matcher(out);
        if (!pm.find()) {
            throw new IllegalArgumentException("pgbench printed no \"number of transactions actually processed\"");
        }
        long processed = Long.parseLong(pm.group(1));
        long failed = intOf(FAILED, out, 0);
        Double latency = doubleOf(LATENCY, out);
        Double including = null;
        Double excluding = null;
        Matcher tm = TPS.matcher(out);
        while (tm.find()) {
            double v = Double.parseDouble(tm.group(1));
            String what = tm.group(2);
            if (what.startsWith("including")) {
                including = v;
            } else if (what.startsWith("excluding") || what.startsWith("without")) {
                excluding = v;
            }
        }
        if (including == null && excluding == null) {
            throw new IllegalArgumentException("pgbench printed no tps line");
        }
        Double avgConn = doubleOf(AVG_CONN, out);
        Double initConn = doubleOf(INIT_CONN, out);
        String derived = "";
        if (including != null && excluding != null) {
            // pgbench ≤ 13 printed both; the connect time per connection follows from the two
            double connTotalS = (processed / including - processed / excluding) * threads;
            long connections = reconnect ? processed : clients;
            avgConn = connections == 0 ? null : connTotalS * 1000 / connections;
            derived = "connect";
        } else if (including != null) {
            // -C on pgbench 14+: elapsed − (connections × average connect) ÷ threads, as pgbench ≤ 13 did
            excluding = tpsExcluding(processed, processed / including,
                    avgConn == null ? 0 : avgConn / 1000 * processed, threads);
            derived = "excluding";
        } else {
            // without -C on pgbench 14+: add the initial connection time back
            double workS = processed / excluding;
            including = processed / (workS + (initConn == null ? 0 : initConn / 1000));
            if (initConn != null && clients > 0) {
                avgConn = initConn * threads / clients;
            }
            derived = "including";
        }
        return new Result(clients, threads, processed, failed, latency, avgConn, including, excluding, derived);
    }

    private static int intOf(Pattern p, String s, int dflt) {
        Matcher m = p.matcher(s);
        return m.find() ? Integer.parseInt(m.group(1)) : dflt;
    }

    private static Double doubleOf(Pattern p, String s) {
        Matcher m = p.matcher(s);
        return m.find() ? Double.parseDouble(m.group(1)) : null;
    }

    /**
     * The deadline of one pgbench run, s: far above the runs of the scenarios' presets, so only a pgbench that
     * hangs meets it.
     */
    static final long DEADLINE_SECONDS = 1_800;

    /**
     * Finds pgbench: on the PATH, else in Debian's {@code /usr/lib/postgresql/<version>/bin}.
     *
     * @return its path, or empty when it is not installed
     */
    public static Optional<Path> find() {
        return InstalledTool.find("pgbench", "/usr/lib/postgresql");
    }

    /**
     * Runs pgbench once, the article's way: {@code pgbench -h HOST -p PORT -U USER -S [-C] -c CLIENTS -j THREADS
     * -t TRANSACTIONS DB}, the password (if any) in {@code PGPASSWORD}, never on the command line.
     *
     * @param pgbench the executable
     * @param host host
     * @param port port
     * @param user user
     * @param password password, may be empty
     * @param database database name
     * @param reconnect {@code -C}: a new connection per transaction
     * @param clients {@code -c}
     * @param threads {@code -j}
     * @param transactions {@code -t}, per client
     * @param log file receiving pgbench's output (appended)
     * @return the parsed summary, with the CPU seconds pgbench used (user + system, from the shell's {@code times})
     * @throws IOException when pgbench cannot start, exits with an error, or prints no summary (the message holds
     *     its last line)
     * @throws InterruptedException when interrupted (pgbench is stopped)
     */
    public static Run run(Path pgbench, String host, int port, String user, String password, String database,
            boolean reconnect, int clients, int threads, int transactions, Path log)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "\"$@\"; rc=$?; times; exit $rc", "pgbench-run",
                pgbench.toString(), "-h", host, "-p", Integer.toString(port), "-U", user, "-S"));
        if (reconnect) {
            cmd.add("-C");
        }
        cmd.addAll(List.of("-c", Integer.toString(clients), "-j", Integer.toString(threads), "-t",
                Integer.toString(transactions), database));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (password != null && !password.isEmpty()) {
            pb.environment().put("PGPASSWORD", password);
        }
        pb.environment().put("PGCONNECT_TIMEOUT", "10");
        long t0 = System.nanoTime();
        Process p = pb.start();
        ParentWatch.guard(p.pid(), "TERM", null);
        FutureTask<String> output = new FutureTask<>(() -> new String(p.getInputStream().readAllBytes(),
                StandardCharsets.UTF_8));
        Thread reader = new Thread(output, "pgbench-output");
        reader.setDaemon(true);
        reader.start();
        String gone;
        try {
            gone = ChildWait.await(p, DEADLINE_SECONDS, "pgbench did not end within " + DEADLINE_SECONDS / 60
                    + " min and was stopped", List.of());
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            throw e;
        }
        String out;
        try {
            out = output.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            out = "";
        }
        if (gone != null) {
            throw new IOException(gone + " (log: " + log + ")");
        }
        double wallS = (System.nanoTime() - t0) / 1e9;
        Files.writeString(log, "$ " + String.join(" ", cmd.subList(4, cmd.size())) + "\n" + out + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        if (p.exitValue() != 0) {
            String last = out.lines().filter(l -> !l.isBlank() && !l.matches("[0-9.ms ]+"))
                    .reduce((a, b) -> b).orElse("no output");
            throw new IOException("pgbench exited with code " + p.exitValue() + ": " + last);
        }
        Result r;
        try {
            r = parse(out, reconnect);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage() + " (log: " + log + ")");
        }
        return new Run(r, childCpuSeconds(out), wallS);
    }

    /**
     * A pgbench run with its resource use.
     *
     * @param result the parsed summary
     * @param cpuSeconds pgbench's user + system CPU, s (NaN when unknown)
     * @param wallSeconds wall time of the process, s
     */
    public record Run(Result result, double cpuSeconds, double wallSeconds) {
    }

    /**
     * The children's line of the shell's {@code times} (the last line: {@code 0m1.715s 0m1.841s}), summed.
     *
     * @param out the output ending with the two lines of {@code times}
     * @return user + system seconds, or NaN
     */
    static double childCpuSeconds(String out) {
        List<String> lines = out.lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            return Double.NaN;
        }
        Matcher m = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s").matcher(lines.get(lines.size() - 1));
        if (!m.find()) {
            return Double.NaN;
        }
        return Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2))
                + Integer.parseInt(m.group(3)) * 60 + Double.parseDouble(m.group(4));
    }

    /**
     * The command line as the report shows it (no password: there is none on it).
     *
     * @param reconnect {@code -C}
     * @param clients clients
     * @param threads threads
     * @param transactions transactions per client
     * @return e.g. {@code pgbench -S -C -c 30 -j 1 -t 300}
     */
    public static String describe(boolean reconnect, int clients, int threads, int transactions) {
        return String.format(Locale.ROOT, "pgbench -S%s -c %d -j %d -t %d", reconnect ? " -C" : "", clients, threads,
                transactions);
    }

    /**
     * Transactions per second excluding connection set-up, as pgbench 8.4–13 computed it: the time the threads
     * spent connecting, shared out over the threads, is taken off the elapsed time.
     *
     * @param processed transactions
     * @param elapsedS wall time of the run, s
     * @param connectTotalS time spent connecting summed over all connections, s
     * @param threads client threads that connected in parallel
     * @return tps excluding connection set-up, or NaN when nothing is left of the elapsed time
     */
    public static double tpsExcluding(long processed, double elapsedS, double connectTotalS, int threads) {
        double work = elapsedS - connectTotalS / threads;
        return work > 0 ? processed / work : Double.NaN;
    }

    /**
     * @param tool the executable
     * @return its {@code --version} line (see {@link InstalledTool#version})
     */
    public static String version(Path tool) {
        return InstalledTool.version(tool);
    }
}
