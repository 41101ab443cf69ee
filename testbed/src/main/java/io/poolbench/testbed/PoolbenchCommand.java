package io.poolbench.testbed;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The form every poolbench command's help shares, in one place: {@code --help} and {@code --version}, the options in
 * the order they are declared, and the exit codes under one heading. Picocli applies these attributes to each
 * subclass, whose own {@code @Command} adds its name, description and exit codes.
 *
 * <p>An option that several commands share is declared once, in its mixin (package
 * {@code io.poolbench.testbed.options}); its default, which differs from command to command, comes from the command
 * through {@link #optionDefaults()}, and shows in the help as the mixin's {@code ${DEFAULT-VALUE}}.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false, exitCodeListHeading = "%nExit codes:%n",
        defaultValueProvider = PoolbenchCommand.Defaults.class)
public abstract class PoolbenchCommand implements Callable<Integer> {
    /** Exit code 2, as every command that starts something lists it (docs/reference/exit-codes.md). */
    public static final String EXIT_BAD_INPUT = "2:bad input, or a missing Docker engine or tool: one line on stderr;"
            + " nothing started";
    /** Exit codes 130 and 143, as every command that runs something lists them. */
    public static final String EXIT_INTERRUPTED = "130:interrupted by Ctrl-C (143 by SIGTERM); what finished is kept"
            + " and reported";

    /**
     * This command's defaults for the shared options it mixes in.
     *
     * @return option name (its longest spelling, e.g. {@code --duration}) to its default as typed on a command line;
     *     empty by default: a shared option without a default here is unset (null) unless given
     */
    protected Map<String, String> optionDefaults() {
        return Map.of();
    }

    /** Picocli's default value provider for every poolbench command: asks the command's {@link #optionDefaults()}. */
    public static final class Defaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec arg) {
            if (arg instanceof OptionSpec o && arg.command() != null
                    && arg.command().userObject() instanceof PoolbenchCommand c) {
                return c.optionDefaults().get(o.longestName());
            }
            return null;
        }
    }
}
