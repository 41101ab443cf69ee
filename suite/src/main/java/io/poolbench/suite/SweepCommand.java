package io.poolbench.suite;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code poolbench sweep ...}: the seed reproductions that sweep one parameter. */
@Command(name = "sweep", mixinStandardHelpOptions = true, subcommands = {PoolSizeCommand.class, ConnectCommand.class, SharedCommand.class,
            ConcurrencyCommand.class},
        description = "Seed reproductions that sweep one parameter: pool-size (seed 000), concurrency (seed 001), connect (seed 003), shared (seed 002).")
final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        new CommandLine(spec).usage(System.out);
        return 0;
    }
}
