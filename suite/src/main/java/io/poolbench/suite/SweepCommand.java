package io.poolbench.suite;

import io.poolbench.suite.concurrency.ConcurrencyCommand;
import io.poolbench.suite.connect.ConnectCommand;
import io.poolbench.suite.poolsize.PoolSizeCommand;
import io.poolbench.suite.sharedconnection.SharedConnectionCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code poolbench sweep ...}: the seed reproductions that sweep one parameter. */
@Command(name = "sweep", mixinStandardHelpOptions = true, subcommands = {PoolSizeCommand.class, ConnectCommand.class, SharedConnectionCommand.class,
            ConcurrencyCommand.class},
        description = "Seed reproductions that sweep one parameter: pool-size (seed 000), concurrency (seed 001), connect (seed 003), shared (seed 002).")
public final class SweepCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        new CommandLine(spec).usage(System.out);
        return 0;
    }
}
