package io.poolbench.suite;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that only groups subcommands ({@code poolbench}, {@code poolbench sweep}): given none, it prints its usage
 * with every subcommand, also those added after construction ({@link SuiteEntry#register}).
 */
abstract class UsageCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        new CommandLine(spec).usage(System.out);
        return 0;
    }
}
