package io.poolbench.testbed.run;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out}, {@code --force} and {@code --root}, as the seed scenarios take them (a picocli mixin): where a run's
 * directory goes, whether a previous run there may be replaced ({@link RunDirectory#prepare}), and the
 * project root (its built jars, plans and {@code target/poolbench-report}).
 */
public final class RunDirOptions {
    @Option(names = "--out", paramLabel = "DIR", description = "Run directory, new or empty (default: a new"
            + " target/poolbench-report/<time>/, linked as target/poolbench-report/latest).")
    Path out;

    @Option(names = "--force", description = "Replace --out when it holds a previous run.")
    boolean force;

    @Option(names = "--root", defaultValue = ".", paramLabel = "DIR",
            description = "Project root (default: the current directory).")
    public Path root;

    /**
     * Makes the run directory (see {@link RunDirectory#prepare}).
     *
     * @return the new, empty run directory ({@code --out}, or a time-stamped one under the root's
     *     {@code target/poolbench-report})
     * @throws io.poolbench.testbed.TestbedException one line when --out is not empty (without --force) or unwritable
     */
    public Path prepare() {
        return RunDirectory.prepare(out, root.resolve("target/poolbench-report"), force);
    }

    /**
     * Refuses an {@code --out} that {@link #prepare} would refuse, touching nothing ({@link RunDirectory#check}).
     *
     * @throws io.poolbench.testbed.TestbedException one line when --out is not empty (without --force), a file, or
     *     a run still going
     */
    public void check() {
        if (out != null) {
            RunDirectory.check(out, force);
        }
    }
}
