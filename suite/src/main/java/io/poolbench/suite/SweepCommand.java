package io.poolbench.suite;

import picocli.CommandLine.Command;

/** {@code poolbench sweep ...}: the article reproductions that sweep one parameter, registered in {@link SuiteEntry}. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "The article reproductions that sweep one parameter: pool-size, concurrency, shared, connect.")
public final class SweepCommand extends UsageCommand {
}
