package io.poolbench.testbed.options;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ErrorBudget;
import picocli.CommandLine.Option;

/**
 * {@code --max-error-percent}, the error budget of every scenario that counts failures ({@link ErrorBudget}): a
 * picocli mixin, so that the option, its default and its range are one.
 */
public final class ErrorBudgetOption {
    @Option(names = "--max-error-percent", defaultValue = "1", paramLabel = "P",
            description = "A measurement (a load phase, a step, a run, a variant) whose failed operations (requests,"
                    + " transactions, queries) pass P %% fails and shows no figures; the scenario's page says what"
                    + " counts (default ${DEFAULT-VALUE}).")
    double maxErrorPercent = ErrorBudget.DEFAULT_PERCENT;

    /**
     * @return the budget, %
     * @throws TestbedException one line when it is outside 0 .. 100
     */
    public double percent() {
        return check(maxErrorPercent);
    }

    /**
     * The range of {@code --max-error-percent}, for the settings records that take the budget from this option.
     *
     * @param percent the budget, %
     * @return percent
     * @throws TestbedException one line when it is outside 0 .. 100
     */
    public static double check(double percent) {
        Cli.range("--max-error-percent", percent, 0, 100);
        return percent;
    }
}
