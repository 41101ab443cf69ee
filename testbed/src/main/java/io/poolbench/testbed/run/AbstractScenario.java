package io.poolbench.testbed.run;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A {@link Scenario} that knows its command, settings and report from the start: the part every scenario shares,
 * so that one only plans and runs its phases.
 */
public abstract class AbstractScenario implements Scenario {
    private final String command;
    private final Object settings;
    private final ReportWriter report;

    /** Writes a scenario's report from its run directory; see {@link Scenario#report(Path)}. */
    @FunctionalInterface
    public interface ReportWriter {
        /**
         * @param dir the run directory
         * @return the Markdown to print at the end of the run, or null
         * @throws IOException when results cannot be read or the report cannot be written
         */
        String write(Path dir) throws IOException;
    }

    /**
     * A scenario that writes its report itself (it overrides {@link #report(Path)}).
     *
     * @param command the command as the manifest records it, e.g. {@code sweep pool-size}
     * @param settings the settings record written into the manifest (never a password)
     */
    protected AbstractScenario(String command, Object settings) {
        this(command, settings, null);
    }

    /**
     * @param command the command as the manifest records it, e.g. {@code sweep pool-size}
     * @param settings the settings record written into the manifest (never a password)
     * @param report writes the report from the run directory, e.g. {@code PoolSizeReport::write}
     */
    protected AbstractScenario(String command, Object settings, ReportWriter report) {
        this.command = command;
        this.settings = settings;
        this.report = report;
    }

    @Override
    public final String command() {
        return command;
    }

    @Override
    public final Object settings() {
        return settings;
    }

    /**
     * @throws IllegalStateException when the scenario neither passed a {@link ReportWriter} nor overrides this
     */
    @Override
    public String report(Path dir) throws IOException {
        if (report == null) {
            throw new IllegalStateException(getClass().getSimpleName() + " has no report");
        }
        return report.write(dir);
    }
}
