package io.poolbench.testbed;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import picocli.CommandLine;

/** What every poolbench command line shares: one-line user errors, and removing an output directory. */
public final class Cli {
    /** The console of the command line running now, for one started inside it; null when none runs. */
    private static volatile PrintStream console;

    private Cli() {
    }

    /**
     * Runs a picocli command; a {@link TestbedException} ends with one line on stderr and exit code 2.
     *
     * @param command the command object
     * @param name prefix of the error line, e.g. {@code poolbench}
     * @param args command line
     * @return exit code: 0 ok, 2 user error, 1 other failure
     */
    public static int execute(Object command, String name, String... args) {
        return execute(new CommandLine(command), name, args);
    }

    /**
     * Runs a picocli command line built by the caller (e.g. with subcommands added to it); a {@link TestbedException}
     * ends with one line on stderr and exit code 2.
     *
     * @param cl the command line
     * @param name prefix of the error line, e.g. {@code poolbench}
     * @param args command line
     * @return exit code: 0 ok, 2 user error, 1 other failure
     */
    public static int execute(CommandLine cl, String name, String... args) {
        // the console as it is now (a run may later send System.err to its log), or the outer command line's when
        // this one runs inside it
        PrintStream outer = console;
        return execute(cl, name, outer != null ? outer : System.err, args);
    }

    /**
     * Runs a picocli command line whose one-line errors go to the given console, whatever System.err is while it
     * runs (a caller may send the libraries' lines elsewhere until a run starts).
     *
     * @param cl the command line
     * @param name prefix of the error line, e.g. {@code poolbench}
     * @param console where the one-line errors and picocli's own messages go
     * @param args command line
     * @return exit code: 0 ok, 2 user error, 1 other failure
     */
    public static int execute(CommandLine cl, String name, PrintStream console, String... args) {
        PrintStream before = Cli.console;
        Cli.console = console;
        try {
            return run(cl, name, console, args);
        } finally {
            Cli.console = before;
        }
    }

    private static int run(CommandLine cl, String name, PrintStream console, String... args) {
        cl.setErr(new PrintWriter(console, true));
        cl.setExecutionStrategy(parsed -> {
            checkLists(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        // a wrong option or value: its one line and where help is, not the whole usage after it
        cl.setParameterExceptionHandler((e, params) -> {
            String full = e.getCommandLine().getCommandSpec().qualifiedName();
            List<String> like = e instanceof CommandLine.UnmatchedArgumentException u ? u.getSuggestions() : List.of();
            console.println(name + ": " + Redact.oneLine(e.getMessage()) + (like.isEmpty() ? ""
                    : "; did you mean " + String.join(" or ", like) + "?") + " (see " + full + " --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof TestbedException) {
                console.println(name + ": " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return cl.execute(args);
    }

    /**
     * Refuses a list option (or a list of parameters) given empty, with an empty value, or with a value twice (two steps of one user count
     * would write duplicate rows; two runs of one profile would share a results directory).
     *
     * @param parsed the parsed command line, subcommands included
     * @throws CommandLine.ExecutionException carrying a {@link TestbedException} (one line, exit code 2)
     */
    static void checkLists(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            List<CommandLine.Model.ArgSpec> lists = new ArrayList<>(p.matchedOptions());
            lists.addAll(p.matchedPositionals());
            for (CommandLine.Model.ArgSpec o : lists) {
                if (!o.isMultiValue() || !(o.getValue() instanceof Collection<?> values)) {
                    continue;
                }
                String given = (o instanceof CommandLine.Model.OptionSpec os ? os.longestName() + " "
                        + String.join(",", o.originalStringValues()) : String.join(" ", o.originalStringValues()));
                String problem = null;
                Set<Object> seen = new HashSet<>();
                for (Object v : values) {
                    if (v == null || v.toString().isBlank()) {
                        problem = "an empty value; give each value once, separated by commas";
                    } else if (!seen.add(v)) {
                        problem = v + " is given twice; give each value once";
                    }
                    if (problem != null) {
                        break;
                    }
                }
                if (values.isEmpty()) {
                    problem = "no value; give at least one";
                }
                if (problem != null) {
                    throw new CommandLine.ExecutionException(p.commandSpec().commandLine(), given + ": " + problem,
                            new TestbedException(given + ": " + problem));
                }
            }
        }
    }

    /**
     * Deletes a directory tree (nothing when it does not exist).
     *
     * @param dir directory
     * @throws IOException when a file cannot be deleted
     */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /**
     * Fails with one line when a numeric option is out of range; called before anything starts.
     *
     * @param option the option as the user typed it, e.g. {@code --rate}
     * @param value its value
     * @param min smallest allowed value
     * @param max largest allowed value
     * @throws TestbedException {@code --rate 0 is out of range: allowed 0.1 .. 100000}
     */
    public static void range(String option, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new TestbedException(option + " " + Figures.plain(value) + " is out of range: allowed "
                    + Figures.plain(min) + " .. " + Figures.plain(max));
        }
    }

    /**
     * An option's former name, still read: one line on stderr naming the name to use, so that a script keeps working
     * and its author sees what to change.
     *
     * @param old the former name, e.g. {@code --hold-ms}
     * @param now the name to use, e.g. {@code --request-hold-ms}
     * @param why what the new name says that the old one did not, e.g. {@code per request}
     */
    public static void renamed(String old, String now, String why) {
        // the console of the command line being run: System.err may be the libraries' log until a run starts
        (console != null ? console : System.err).println("poolbench: " + old + " is now " + now + " (" + why + "); " + old + " is read for one more"
                + " release");
    }

    /**
     * {@link #range} for each value of a list option, e.g. {@code --users 10,0,300}.
     *
     * @param option the option as the user typed it
     * @param values its values
     * @param min smallest allowed value
     * @param max largest allowed value
     * @throws TestbedException for the first value out of range, e.g. {@code --users 0 is out of range: allowed 1 .. 5000}
     */
    public static void rangeEach(String option, List<? extends Number> values, double min, double max) {
        for (Number v : values) {
            range(option, v.doubleValue(), min, max);
        }
    }
}
