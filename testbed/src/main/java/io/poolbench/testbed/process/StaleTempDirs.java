package io.poolbench.testbed.process;

import io.poolbench.testbed.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Temporary directories named for the process that owns them ({@code <prefix><pid>-…} in {@code java.io.tmpdir}):
 * the embedded Tomcat's base directories, a Spring Boot file's pool as a context.xml. A process killed with -9 cannot remove its own; the next poolbench command,
 * whatever it is, removes those whose process is gone.
 */
public final class StaleTempDirs {
    /** Prefix of the embedded Tomcat's base directories, followed by the owner's process id. */
    public static final String TOMCAT_PREFIX = "poolbench-tomcat-";
    /** Prefix of the directories a Spring Boot file's pool is written into as a context.xml, then the owner's pid. */
    public static final String SPRING_PREFIX = "poolbench-spring-";

    private StaleTempDirs() {
    }

    /**
     * Makes a directory of this prefix for this process, which {@link #sweep} removes once the process is gone.
     *
     * @param prefix e.g. {@link #SPRING_PREFIX}
     * @return the new directory
     * @throws IOException when it cannot be made
     */
    public static Path create(String prefix) throws IOException {
        return Files.createTempDirectory(prefix + ProcessHandle.current().pid() + "-");
    }

    /**
     * Removes the directories of this prefix whose owner no longer runs.
     *
     * @param prefix e.g. {@link #TOMCAT_PREFIX}
     * @return how many were removed
     */
    public static int sweep(String prefix) {
        int removed = 0;
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (Stream<Path> s = Files.list(tmp)) {
            for (Path d : s.filter(x -> x.getFileName().toString().startsWith(prefix)).toList()) {
                String rest = d.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                try {
                    long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                    if (ProcessHandle.of(pid).isEmpty()) {
                        Cli.deleteTree(d);
                        removed++;
                    }
                } catch (NumberFormatException | IOException notOursOrBusy) {
                    // another naming, or a file that would not go: left as it is
                }
            }
        } catch (IOException e) {
            // a sweep of temporary files only
        }
        return removed;
    }
}
