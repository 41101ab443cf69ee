package io.poolbench.testbed;

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
        Cli.range("--max-error-percent", maxErrorPercent, 0, 100);
        return maxErrorPercent;
    }
}
