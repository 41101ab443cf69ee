package io.poolbench.testbed.run;

/**
 * A {@link Scenario} that knows its command and settings from the start: the part every scenario shares, so that
 * one only plans and runs its phases and writes its report.
 */
public abstract class AbstractScenario implements Scenario {
    private final String command;
    private final Object settings;

    /**
     * @param command the command as the manifest records it, e.g. {@code sweep pool-size}
     * @param settings the settings record written into the manifest (never a password)
     */
    protected AbstractScenario(String command, Object settings) {
        this.command = command;
        this.settings = settings;
    }

    @Override
    public final String command() {
        return command;
    }

    @Override
    public final Object settings() {
        return settings;
    }
}
