package io.poolbench.testbed.run;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The phases of one run, in plan order, and the transitions that touch several at once: the run broke inside the
 * running one, the run ended with some not reached, the run was interrupted. Not thread-safe on its own: every call
 * is made under the lock of the {@link RunRecord} that owns it, which also rewrites the manifest after each change.
 */
final class Phases {
    private final List<Phase> list = new ArrayList<>();

    /** @throws IllegalArgumentException when the id is taken */
    void add(Phase p) {
        if (list.stream().anyMatch(q -> q.id.equals(p.id))) {
            throw new IllegalArgumentException("phase id " + p.id + " twice");
        }
        list.add(p);
    }

    /** The run broke inside the running phases: they are {@code failed} with {@code why}. */
    void failRunning(String why) {
        Instant now = Instant.now();
        for (Phase p : list) {
            if (p.status == Status.RUNNING) {
                fail(p, why, now);
            }
        }
    }

    /** The run ended: a pending phase was not reached, a running one did not end; both are {@code failed}. */
    void closeOpen() {
        Instant now = Instant.now();
        for (Phase p : list) {
            if (p.status == Status.PENDING) {
                p.status = Status.FAILED;
                p.reason = "not reached: the run stopped before it";
            } else if (p.status == Status.RUNNING) {
                fail(p, "did not end", now);
            }
        }
    }

    /**
     * The run was interrupted: the running phase is {@code interrupted} (with how long it had run, in whole
     * seconds), the pending ones {@code skipped}.
     *
     * @param by what interrupted it, e.g. {@code Ctrl-C (SIGINT)}
     */
    void interrupt(String by, Instant now) {
        for (Phase p : list) {
            if (p.status == Status.RUNNING) {
                p.status = Status.INTERRUPTED;
                p.reason = by + " after " + Math.round(Duration.between(p.startedAt, now).toMillis() / 1000.0) + " s";
                p.endedAt = now;
            } else if (p.status == Status.PENDING) {
                p.status = Status.SKIPPED;
                p.reason = "not started: the run was interrupted";
            }
        }
    }

    /** @return true when a phase failed */
    boolean anyFailed() {
        return list.stream().anyMatch(p -> p.status == Status.FAILED);
    }

    /** @return e.g. {@code 3 of 4 phases ok; FAILED: load:hikari (webapp exited with code 137 at 12 s)} */
    String outcome() {
        long ok = list.stream().filter(p -> p.status == Status.OK).count();
        String failed = withReasons(p -> p.status == Status.FAILED);
        String skipped = withReasons(p -> p.status == Status.SKIPPED);
        return ok + " of " + list.size() + " phases ok" + (failed.isEmpty() ? "" : "; FAILED: " + failed)
                + (skipped.isEmpty() ? "" : "; skipped: " + skipped);
    }

    /** @return the ids of the phases that are ok, comma-separated; empty when none */
    String finished() {
        return list.stream().filter(p -> p.status == Status.OK).map(p -> p.id).collect(Collectors.joining(", "));
    }

    /** @return the phases an interruption cut short or that failed, each with its status; empty when none */
    String notFinished() {
        return list.stream().filter(p -> p.status == Status.INTERRUPTED || p.status == Status.FAILED
                        || (p.status == Status.SKIPPED && p.reason != null && p.reason.startsWith("not started")))
                .map(p -> p.id + " " + p.status.label()).collect(Collectors.joining(", "));
    }

    /** @return the manifest's entries, in plan order */
    List<PhaseEntry> entries() {
        return list.stream().map(Phase::entry).collect(Collectors.toList());
    }

    private String withReasons(Predicate<Phase> which) {
        return list.stream().filter(which).map(p -> p.id + " (" + p.reason + ")").collect(Collectors.joining("; "));
    }

    private static void fail(Phase p, String why, Instant now) {
        p.status = Status.FAILED;
        p.reason = why;
        p.endedAt = now;
    }

    /**
     * @param by what interrupted the run, e.g. {@code Ctrl-C (SIGINT)}
     * @param dir the run directory
     * @return the line an interruption prints: what finished, what did not, where the results are
     */
    String interruptedLine(String by, Path dir) {
        String done = finished();
        String notDone = notFinished();
        return "poolbench: interrupted (" + by + "); finished: " + (done.isEmpty() ? "nothing" : done)
                + "; not finished: " + (notDone.isEmpty() ? "nothing" : notDone) + "; what finished is in " + dir;
    }
}
