package io.poolbench.testbed.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.DoubleSupplier;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * A discrete-event simulation of a pool serving a {@link Workload}: Poisson arrivals, every borrow served first come
 * first served by the next connection returned, a borrower giving up after the pool's borrow timeout, the idle
 * connection handed out last-in first-out (the one returned most recently: it is the one a pool's thread-local or
 * stack hands out, and the one that skips an idle-window validation), and a validation round trip where the pool's
 * {@link BorrowCheck} asks for one. Its answers are percentiles and the maximum over a run of the given length,
 * where Erlang C gives means and exponential tails only.
 *
 * <p>Left out, and said in every report that shows it: Tomcat's request-thread limit (a request waits for a thread
 * before it borrows), the pool's own hand-off cost, the database's own queue (the query time does not grow with load),
 * connection creation (the pool is full from the start), and the network's jitter. Same seed, same answer: the
 * arrivals and the query times come from two generators (Commons Math's Well19937c), so a run at another rate or
 * round trip sees the same random draws, scaled.
 */
public final class PoolSimulation {
    /** Requests that arrive in the first share of the run are left out of the figures (the pool starts idle). */
    static final double WARMUP_SHARE = 0.05;
    /**
     * The most arrivals one run simulates (about 150 MB at the worst, every one of them queued): a longer run at a
     * high rate is simulated over its first {@link #simulatedSeconds} only, which the caller says.
     */
    public static final long MAX_ARRIVALS = 1_000_000;

    private PoolSimulation() {
    }

    /**
     * What the simulated run gives, times in ms.
     *
     * @param requests requests that arrived after the warm-up and finished or failed
     * @param failed of them, those whose borrow gave up at the pool's timeout
     * @param utilisation connections busy on average ÷ pool size, over the run
     * @param waitShare share of served requests that waited at all
     * @param waitMeanMs mean of a request's total time waiting to borrow
     * @param waitP50Ms median of a request's total time waiting to borrow
     * @param waitP99Ms its 99th percentile
     * @param waitMaxMs its maximum
     * @param responseP50Ms median time from arrival to the last query's end (served requests)
     * @param responseP90Ms its 90th percentile
     * @param responseP99Ms its 99th percentile
     * @param responseMaxMs its maximum
     */
    public record Result(long requests, long failed, double utilisation, double waitShare, double waitMeanMs,
            double waitP50Ms, double waitP99Ms,
            double waitMaxMs, double responseP50Ms, double responseP90Ms, double responseP99Ms, double responseMaxMs) {
    }

    private static final class Conn {
        double releasedMs = Double.NEGATIVE_INFINITY;
    }

    /**
     * An event: a borrow ({@code conn} null; an arrival when {@code stream} is set, which then draws the next),
     * or a connection's return.
     */
    private record Event(double atMs, long seq, SimulatedRequest request, Conn conn, Run.Arrivals stream)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int c = Double.compare(atMs, o.atMs);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /**
     * @param pool the pool
     * @param w the traffic
     * @param seconds how long requests arrive, s (the maximum depends on it: give the run's length)
     * @param seed the random seed
     * @return the run's figures
     * @throws IllegalArgumentException for a run shorter than 1 s
     */
    public static Result run(PoolModel pool, Workload w, double seconds, long seed) {
        return run(pool, List.of(w), seconds, seed).get(0);
    }

    /**
     * @param kinds the kinds of request, each with its rate
     * @param seconds how long requests arrive, s
     * @return the seconds a run simulates: all of them, or as many as {@link #MAX_ARRIVALS} expected arrivals take
     */
    public static double simulatedSeconds(List<Workload> kinds, double seconds) {
        double rate = kinds.stream().mapToDouble(Workload::ratePerSecond).sum();
        return Math.min(seconds, Math.max(1, MAX_ARRIVALS / rate));
    }

    /** {@link #run(PoolModel, List, double, double, long)} with the run's first 5 % as its warm-up. */
    public static List<Result> run(PoolModel pool, List<Workload> kinds, double seconds, long seed) {
        return run(pool, kinds, seconds, seconds * WARMUP_SHARE, seed);
    }

    /**
     * Several kinds of request sharing one pool, e.g. the Aurora article's short, medium and long screens: each kind arrives
     * as its own Poisson stream at its own rate (together again a Poisson stream), all borrowing from the same pool
     * and queue. All kinds must borrow the same way and see the same round trip.
     *
     * @param pool the pool
     * @param kinds the kinds of request, each with its rate
     * @param seconds how long requests arrive, s ({@link #simulatedSeconds} of them), the warm-up included
     * @param warmupSeconds the first seconds, whose arrivals no figure counts (a measurement's warm-up)
     * @param seed the random seed
     * @return per kind, in the order given, its figures (the utilisation is the pool's, the same in each)
     * @throws IllegalArgumentException for a run shorter than 1 s, a warm-up outside 0 .. the run, no kind, or
     *     kinds that differ in round trip or borrowing
     */
    public static List<Result> run(PoolModel pool, List<Workload> kinds, double seconds, double warmupSeconds,
            long seed) {
        if (!(seconds >= 1) || kinds.isEmpty() || !(warmupSeconds >= 0) || warmupSeconds >= seconds) {
            throw new IllegalArgumentException("a run of " + seconds + " s (" + warmupSeconds + " s warm-up) with "
                    + kinds.size() + " kinds");
        }
        for (Workload k : kinds) {
            if (k.rttMs() != kinds.get(0).rttMs() || k.perQuery() != kinds.get(0).perQuery()) {
                throw new IllegalArgumentException("kinds of request that differ in round trip or borrowing");
            }
        }
        double simulated = simulatedSeconds(kinds, seconds);
        return new Run(pool, kinds, simulated, warmupSeconds * simulated / seconds, seed).go();
    }

    /** One simulated run's state. */
    private static final class Run {
        private final PoolModel pool;
        private final List<Workload> kinds;
        private final Workload w;
        private final double endMs;
        private final double warmupMs;
        private final long seed;
        private final PriorityQueue<Event> events = new PriorityQueue<>();
        private final Deque<Conn> idle = new ArrayDeque<>();
        private final Deque<SimulatedRequest> waiting = new ArrayDeque<>();
        private final Histogram[] wait;
        private final Histogram[] response;
        private final long[] requests;
        private final long[] failed;
        private final long[] waited;
        private long seq;
        private double busyMs;
        private double lastMs;

        Run(PoolModel pool, List<Workload> kinds, double seconds, double warmupSeconds, long seed) {
            this.pool = pool;
            this.kinds = List.copyOf(kinds);
            this.w = kinds.get(0);
            this.endMs = seconds * 1000;
            this.warmupMs = warmupSeconds * 1000;
            this.seed = seed;
            int n = kinds.size();
            wait = new Histogram[n];
            response = new Histogram[n];
            for (int k = 0; k < n; k++) {
                wait[k] = new Histogram(3);
                response[k] = new Histogram(3);
            }
            requests = new long[n];
            failed = new long[n];
            waited = new long[n];
            for (int i = 0; i < pool.size(); i++) {
                idle.push(new Conn());
            }
        }

        List<Result> go() {
            // each kind's arrivals drawn one at a time, the next when this one arrives: the queue holds what is in
            // flight, not the whole run
            for (int k = 0; k < kinds.size(); k++) {
                new Arrivals(k).next();
            }
            while (!events.isEmpty()) {
                Event e = events.poll();
                lastMs = e.atMs();
                if (e.conn() == null) {
                    if (e.stream() != null) {
                        e.stream().next();
                    }
                    borrow(e.request(), e.atMs());
                } else {
                    release(e.conn(), e.request(), e.atMs());
                }
            }
            // borrowers still waiting when everything else ended: past the timeout they failed
            for (SimulatedRequest r : waiting) {
                if (pool.borrowTimeoutMs() > 0 && r.arrivalMs >= warmupMs) {
                    failed[r.kind]++;
                    requests[r.kind]++;
                }
            }
            double utilisation = busyMs / (pool.size() * Math.max(lastMs, endMs));
            List<Result> out = new ArrayList<>();
            for (int k = 0; k < kinds.size(); k++) {
                Histogram wk = wait[k];
                Histogram rk = response[k];
                long served = wk.getTotalCount();
                out.add(new Result(requests[k], failed[k], utilisation, served == 0 ? 0 : waited[k] / (double) served,
                        served == 0 ? 0 : wk.getMean() / 1000, ms(wk, 50), ms(wk, 99),
                        served == 0 ? 0 : wk.getMaxValue() / 1000.0, ms(rk, 50), ms(rk, 90), ms(rk, 99),
                        rk.getTotalCount() == 0 ? 0 : rk.getMaxValue() / 1000.0));
            }
            return out;
        }

        /** One kind's Poisson arrivals, each drawn when the one before it arrives. */
        private final class Arrivals {
            private final int kind;
            private final RandomGenerator gaps;
            private final DoubleSupplier queryMs;
            private final double meanGapMs;
            private final int queries;
            private double t;

            Arrivals(int kind) {
                this.kind = kind;
                Workload w = kinds.get(kind);
                gaps = new Well19937c(seed + 2L * kind);
                queryMs = w.querySampler(new Well19937c(seed + 2L * kind + 1));
                meanGapMs = 1000 / w.ratePerSecond();
                queries = w.queriesPerRequest();
            }

            /** Schedules the next arrival, when it falls within the run. */
            void next() {
                t += -Math.log(1 - gaps.nextDouble()) * meanGapMs;
                if (t < endMs) {
                    events.add(new Event(t, seq++, new SimulatedRequest(kind, t, queryMs.getAsDouble(), queries), null,
                            this));
                }
            }
        }

        private static double ms(Histogram h, double p) {
            return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p) / 1000.0;
        }

        private void borrow(SimulatedRequest r, double t) {
            r.askedMs = t;
            Conn c = idle.poll();
            if (c == null) {
                waiting.add(r);
            } else {
                give(c, r, t);
            }
        }

        private void give(Conn c, SimulatedRequest r, double t) {
            r.waitMs += t - r.askedMs;
            double hold = (pool.check().validates(t - c.releasedMs) ? w.rttMs() : 0)
                    + (w.perQuery() ? 1 : r.queriesLeft) * (r.queryMs + w.rttMs());
            if (!w.perQuery()) {
                r.queriesLeft = 1;
            }
            busyMs += hold;
            events.add(new Event(t + hold, seq++, r, c, null));
        }

        private void release(Conn c, SimulatedRequest r, double t) {
            c.releasedMs = t;
            if (--r.queriesLeft > 0) {
                events.add(new Event(t, seq++, r, null, null));
            } else if (r.arrivalMs >= warmupMs) {
                requests[r.kind]++;
                wait[r.kind].recordValue(Math.round(r.waitMs * 1000));
                if (r.waitMs > 0) {
                    waited[r.kind]++;
                }
                response[r.kind].recordValue(Math.round((t - r.arrivalMs) * 1000));
            }
            SimulatedRequest next;
            while ((next = waiting.poll()) != null) {
                if (pool.borrowTimeoutMs() > 0 && t - next.askedMs > pool.borrowTimeoutMs()) {
                    if (next.arrivalMs >= warmupMs) {
                        failed[next.kind]++;
                        requests[next.kind]++;
                    }
                    continue;
                }
                give(c, next, t);
                return;
            }
            idle.push(c);
        }
    }
}
