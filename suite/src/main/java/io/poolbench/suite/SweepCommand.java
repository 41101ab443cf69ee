package io.poolbench.suite;

import io.poolbench.suite.seed000.Seed000Command;
import io.poolbench.suite.seed001.Seed001Command;
import io.poolbench.suite.seed002.Seed002Command;
import io.poolbench.suite.seed003.Seed003Command;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code poolbench sweep ...}: the seed reproductions that sweep one parameter. */
@Command(name = "sweep", mixinStandardHelpOptions = true, subcommands = {Seed000Command.class, Seed003Command.class, Seed002Command.class,
            Seed001Command.class},
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
