package io.poolbench.testbed;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import picocli.CommandLine;

/** What every poolbench command line shares: one-line user errors, and removing an output directory. */
public final class Cli {
    private Cli() {
    }

    /**
     * Runs a picocli command; a {@link TestbedException} ends with one line on stderr and exit code 2.
     *
     * @param command the command object
     * @param name prefix of the error line, e.g. {@code poolbench}
     * @param args command line
     * @return exit code: 0 ok, 2 user error, 1 other failure
     */
    public static int execute(Object command, String name, String... args) {
        CommandLine cl = new CommandLine(command);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof TestbedException) {
                System.err.println(name + ": " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cl.execute(args);
    }

    /**
     * Deletes a directory tree (nothing when it does not exist).
     *
     * @param dir directory
     * @throws IOException when a file cannot be deleted
     */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
