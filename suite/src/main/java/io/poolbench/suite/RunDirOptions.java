package io.poolbench.suite;

import io.poolbench.testbed.RunRecord;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out} and {@code --force}, as the seed scenarios take them (a picocli mixin): where a run's directory
 * goes, and whether a previous run there may be replaced ({@link RunRecord#prepareDirectory}).
 */
final class RunDirOptions {
    @Option(names = "--out", paramLabel = "DIR", description = "Run directory, new or empty (default: a new"
            + " target/poolbench-report/<time>/).")
    Path out;

    @Option(names = "--force", description = "Replace --out when it holds a previous run.")
    boolean force;

    /**
     * Makes the run directory (see {@link RunRecord#prepareDirectory}).
     *
     * @param root the project root whose {@code target/poolbench-report} holds time-stamped runs
     * @return the new, empty run directory
     * @throws io.poolbench.testbed.TestbedException one line when --out is not empty (without --force) or unwritable
     */
    Path prepare(Path root) {
        return RunRecord.prepareDirectory(out, root.resolve("target/poolbench-report"), force);
    }
}
