package io.poolbench.testbed;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * The form every poolbench command's help shares, in one place: {@code --help} and {@code --version}, the options in
 * the order they are declared, and the exit codes under one heading. Picocli applies these attributes to each
 * subclass, whose own {@code @Command} adds its name, description and exit codes.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false, exitCodeListHeading = "%nExit codes:%n")
public abstract class PoolbenchCommand implements Callable<Integer> {
}
