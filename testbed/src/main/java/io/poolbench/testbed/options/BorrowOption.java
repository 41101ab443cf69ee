package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.load.ScreenModel;
import picocli.CommandLine.Option;

/**
 * {@code --borrow}, how a request of the screen model borrows ({@link ScreenModel.Borrow}): a picocli mixin of the
 * webapp, the Aurora scenario and {@code plan}, so that the word, its two values and its default are one.
 */
public final class BorrowOption {
    @Option(names = "--borrow", defaultValue = "per-request", paramLabel = "per-request|per-query",
            description = "A request borrows once for all its queries (one getConnection() per request) or once per"
                    + " query, returning it after each (default ${DEFAULT-VALUE}).")
    String label;

    /**
     * @return the pattern given
     * @throws TestbedException one line naming the value and the two choices
     */
    public ScreenModel.Borrow pattern() {
        return ScreenModel.Borrow.parse(label);
    }
}
