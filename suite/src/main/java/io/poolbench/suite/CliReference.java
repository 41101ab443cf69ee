package io.poolbench.suite;

import io.poolbench.testbed.report.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine;

/**
 * The command-line reference, {@code docs/reference/cli.md}, generated from the commands themselves: every command
 * and subcommand of {@code poolbench} with its usage help as picocli renders it (options, parameter labels,
 * defaults, exit codes), so that the page cannot say what the code does not. {@code CliReferenceTest} writes the
 * generated page to {@code suite/target/reference/cli.md} at every build and fails when the committed page differs.
 */
public final class CliReference {
    /** Where the page lives, relative to the project root. */
    public static final Path PAGE = Path.of("docs", "reference", "cli.md");
    /** The width the usage help is rendered at, characters: wide enough that few descriptions wrap. */
    static final int WIDTH = 118;

    private CliReference() {
    }

    /**
     * @return the page, Markdown: a title, a contents list, then one section per command in the order {@code
     *     poolbench --help} lists them, each with its usage help in a text block
     */
    public static String markdown() {
        List<CommandLine> all = commands();
        StringBuilder md = new StringBuilder("""
                # Command-line reference

                Every `./poolbench` command with its options, defaults and exit codes, as `--help` prints them.
                Generated from the code: `CliReferenceTest` writes this page to `suite/target/reference/cli.md` at
                every build and fails when the committed copy differs; copy that file here after changing an option.
                Ranges a description does not state are checked when the command starts (one line, exit code 2).

                """);
        for (CommandLine c : all) {
            int depth = c.getCommandSpec().qualifiedName().split(" ").length - 1;
            md.append("  ".repeat(Math.max(0, depth - 1))).append("- [").append(name(c)).append("](#")
                    .append(anchor(name(c))).append(")\n");
        }
        for (CommandLine c : all) {
            c.setUsageHelpWidth(WIDTH);
            md.append("\n## ").append(name(c)).append("\n\n```text\n")
                    .append(c.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing()).append("\n```\n");
        }
        return md.toString();
    }

    /** Where the exit-code page lives, relative to the project root. */
    public static final Path EXIT_CODES_PAGE = Path.of("docs", "reference", "exit-codes.md");

    /**
     * @return the exit-code page, Markdown: one row per exit code and meaning, with the commands that give it, from
     *     each command's own {@code exitCodeList} (what {@code --help} prints)
     */
    public static String exitCodes() {
        List<CommandLine> all = commands();
        // code → meaning → commands, codes in numeric order, meanings in the order first met
        Map<Integer, Map<String, List<String>>> rows = new TreeMap<>();
        for (CommandLine c : all) {
            c.getCommandSpec().usageMessage().exitCodeList().forEach((code, meaning) -> rows.computeIfAbsent(
                    Integer.parseInt(code.trim()), k -> new LinkedHashMap<>()).computeIfAbsent(meaning.trim(),
                    k -> new ArrayList<>()).add(name(c).replaceFirst("^poolbench ", "")));
        }
        Table t = Table.of("exit code", "meaning", "commands");
        rows.forEach((code, meanings) -> meanings.forEach((meaning, commands) -> t.row(String.valueOf(code), meaning,
                String.join(", ", commands))));
        return "# Exit codes\n\nEvery exit code of every `./poolbench` command, as its `--help` lists it (generated from"
                + " the commands; `CliReferenceTest` fails when this page differs from the code). A script or a CI"
                + " job reads 0 as done, 2 as a refusal before anything ran (one line on stderr says what to change),"
                + " 1 as a run that ran and failed (its report marks what), 3 as `check`'s gate.\n\n"
                + t.markdown();
    }

    /**
     * @return every command and subcommand of {@code poolbench} that its help shows, each once, in the order
     *     {@code poolbench --help} lists them
     */
    static List<CommandLine> commands() {
        List<CommandLine> all = new ArrayList<>();
        collect(SuiteEntry.register(new CommandLine(new PoolbenchMain())), all);
        return all;
    }

    private static void collect(CommandLine c, List<CommandLine> into) {
        if (c.getCommandSpec().usageMessage().hidden()) {
            return;
        }
        if (c.getParent() != null) {
            into.add(c);
        }
        // each subcommand once: picocli lists a command again under each of its aliases
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, into));
    }

    private static String name(CommandLine c) {
        return c.getCommandSpec().qualifiedName();
    }

    private static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replace(' ', '-');
    }
}
