package io.poolbench.testbed.db;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.process.StopOnExit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;

/**
 * What a run killed with {@code kill -9} leaves behind, and its removal by the next run. Testcontainers' own reaper
 * (Ryuk) needs an image that cannot be pulled here, so poolbench labels every container and network it starts
 * with the pid and start time of its process and its run directory; every run whose Docker engine answers (else the
 * first container it starts) first removes the containers and networks of processes that are gone, and the temporary directories Testcontainers extracted for them
 * ({@code /tmp/.testcontainers-tmp-*}, MySQL's configuration), and says what it removed.
 */
public final class Leftovers {
    /** Label: the pid of the poolbench process that started the container or network. */
    public static final String PID = "io.poolbench.pid";
    /** Label: when that process started, epoch ms (tells a reused pid apart). */
    public static final String STARTED = "io.poolbench.process-started";
    /** Label: the run directory of the run that started it (absent outside a run, e.g. in tests). */
    public static final String RUN = "io.poolbench.run";

    private static final AtomicBoolean SWEPT = new AtomicBoolean();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    /** Passes of {@link #removeOwn} at exit, a second apart, while containers of this process remain. */
    private static final int EXIT_PASSES = 3;
    private static volatile String run;

    private Leftovers() {
    }

    /** @return the labels of this process (and of its run, once {@link #atRunStart} named it) */
    static Map<String, String> labels() {
        ProcessHandle me = ProcessHandle.current();
        Map<String, String> m = new LinkedHashMap<>();
        m.put(PID, Long.toString(me.pid()));
        m.put(STARTED, Long.toString(me.info().startInstant().orElse(Instant.EPOCH).toEpochMilli()));
        if (run != null) {
            m.put(RUN, run);
        }
        return m;
    }

    /**
     * At the start of every run: names the run in the labels of the containers it will start, and, when a Docker
     * engine answers at once ({@link Docker#engineProblem}: no engine, no wait), removes what killed runs left,
     * also for runs that start no container themselves.
     *
     * @param runDir the run directory
     * @param say receives the line saying what was removed, if anything was
     * @return the run directories of the killed runs whose containers were removed (their manifests may still say
     *     running); empty when there were none or this process swept before
     */
    public static List<Path> atRunStart(Path runDir, Consumer<String> say) {
        run = runDir.toAbsolutePath().normalize().toString();
        if (Docker.engineProblem(System.getenv("DOCKER_HOST")) == null) {
            return sweepOnce(say);
        }
        return List.of();
    }

    /**
     * At the start of any command (also one that starts no run and no container): removes the containers and
     * networks that runs now gone left behind, when a Docker engine answers; without one, nothing.
     *
     * @param say where the one line of what was removed goes
     * @return the run directories of the killed runs whose containers were removed; empty when none
     */
    public static List<Path> atCommandStart(Consumer<String> say) {
        if (Docker.engineProblem(System.getenv("DOCKER_HOST")) == null) {
            return sweepOnce(say);
        }
        return List.of();
    }

    /**
     * Labels a container with this process, after removing what dead runs left (once per process).
     *
     * @param c a container not yet started
     * @param <T> its type
     * @return the container
     */
    public static <T extends GenericContainer<?>> T label(T c) {
        sweepOnce(System.out::println);
        removeOwnAtExit();
        c.withLabels(labels());
        return c;
    }

    /** @return a new network labelled with this process, after removing what dead runs left (once per process) */
    public static Network network() {
        sweepOnce(System.out::println);
        removeOwnAtExit();
        return Network.builder().createNetworkCmdModifier(cmd -> cmd.withLabels(labels())).build();
    }

    private static List<Path> sweepOnce(Consumer<String> say) {
        if (SWEPT.compareAndSet(false, true)) {
            try {
                return sweep(say);
            } catch (RuntimeException e) {
                say.accept("poolbench: could not look for containers left by killed runs: " + Redact.rootMessage(e));
            }
        }
        return List.of();
    }

    /**
     * Once per process: at its exit (normal, Ctrl-C, SIGTERM), removes every container and network labelled with it
     * that is still there. Each topology stops its own containers first ({@link StopOnExit}); this catches one that
     * was still being created or started when the signal came (the topology's own hook is registered only once all
     * its containers run).
     */
    private static void removeOwnAtExit() {
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(Leftovers::removeOwn, "leftovers-remove-own"));
        }
    }

    /** Removes this process's containers, then its networks; passes a second apart while any remain. */
    private static void removeOwn() {
        Map<String, String> mine = labels();
        try {
            DockerClient docker = DockerClientFactory.instance().client();
            for (int pass = 0; pass < EXIT_PASSES; pass++) {
                List<Container> left = docker.listContainersCmd().withShowAll(true)
                        .withLabelFilter(Map.of(PID, mine.get(PID), STARTED, mine.get(STARTED))).exec();
                for (Container c : left) {
                    try {
                        docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                    } catch (RuntimeException gone) {
                        // removed meanwhile by the topology's own hook
                    }
                }
                if (left.isEmpty()) {
                    break;
                }
                Thread.sleep(1_000);
            }
            docker.listNetworksCmd().exec().stream().filter(n -> n.getLabels() != null
                    && mine.get(PID).equals(n.getLabels().get(PID))
                    && mine.get(STARTED).equals(n.getLabels().get(STARTED))).forEach(n -> {
                        try {
                            docker.removeNetworkCmd(n.getId()).exec();
                        } catch (RuntimeException inUse) {
                            // removed meanwhile, or a container still attached: the next run's sweep takes it
                        }
                    });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            // no engine to ask at exit: the next run's sweep removes what is left
        }
    }

    /**
     * @param labels a container's or network's labels
     * @return true when they name a poolbench process that is gone (or whose pid now belongs to another process)
     */
    static boolean orphaned(Map<String, String> labels) {
        if (labels == null || !labels.containsKey(PID)) {
            return false;
        }
        try {
            long pid = Long.parseLong(labels.get(PID));
            long started = Long.parseLong(labels.getOrDefault(STARTED, "0"));
            Optional<ProcessHandle> h = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            return h.isEmpty() || h.get().info().startInstant().map(i -> Math.abs(i.toEpochMilli() - started) > 1_000)
                    .orElse(false);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Removes the containers and networks of poolbench processes that are gone, and Testcontainers' temporary
     * directories older than every live poolbench process.
     *
     * @param say receives one line saying what was removed (nothing when nothing was)
     * @return the run directories named by the removed containers' labels, each once
     */
    public static List<Path> sweep(Consumer<String> say) {
        DockerClient docker = DockerClientFactory.instance().client();
        List<String> removed = new ArrayList<>();
        Set<Path> runs = new LinkedHashSet<>();
        long oldestLive = Long.MAX_VALUE;
        for (Container c : docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(PID)).exec()) {
            if (orphaned(c.getLabels())) {
                docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                String of = c.getLabels().containsKey(RUN) ? "run " + c.getLabels().get(RUN) + ", " : "";
                if (c.getLabels().containsKey(RUN)) {
                    runs.add(Path.of(c.getLabels().get(RUN)));
                }
                removed.add("container " + c.getImage() + " (" + of + "pid " + c.getLabels().get(PID) + ")");
            } else {
                oldestLive = Math.min(oldestLive, Long.parseLong(c.getLabels().getOrDefault(STARTED, "0")));
            }
        }
        docker.listNetworksCmd().exec().stream().filter(n -> orphaned(n.getLabels())).forEach(n -> {
            docker.removeNetworkCmd(n.getId()).exec();
            removed.add("network " + n.getName());
        });
        long before = Math.min(oldestLive, ProcessHandle.current().info().startInstant().orElse(Instant.now())
                .toEpochMilli());
        int dirs = 0;
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            for (Path d : s.filter(p -> p.getFileName().toString().startsWith(".testcontainers-tmp-")).toList()) {
                if (Files.getLastModifiedTime(d).toMillis() < before) {
                    Cli.deleteTree(d);
                    dirs++;
                }
            }
        } catch (IOException e) {
            say.accept("poolbench: could not remove Testcontainers' temporary directories: " + e.getMessage());
        }
        if (dirs > 0) {
            removed.add(dirs + " temporary director" + (dirs == 1 ? "y" : "ies") + " .testcontainers-tmp-*");
        }
        if (!removed.isEmpty()) {
            say.accept("poolbench: removed what killed runs left behind: " + String.join(", ", removed));
        }
        return List.copyOf(runs);
    }
}
