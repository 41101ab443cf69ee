package io.poolbench.suite;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code poolbench sweep ...}: the article reproductions that sweep one parameter, registered in {@link SuiteEntry}. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "The article reproductions that sweep one parameter: pool-size, concurrency, shared, connect.")
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        new CommandLine(spec).usage(System.out);
        return 0;
    }
}
