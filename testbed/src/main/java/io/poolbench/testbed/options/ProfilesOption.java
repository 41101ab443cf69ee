package io.poolbench.testbed.options;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --profiles}, the pool profiles a command compares: a picocli mixin, so that the word, its form (names in the
 * profile directory or paths of context.xml files, comma-separated) and its help are one. The default is the
 * command's ({@link io.poolbench.testbed.PoolbenchCommand#optionDefaults()}); a command whose default depends on
 * another option (e.g. {@code --as-article}) asks {@link #given()}.
 */
public final class ProfilesOption {
    @Option(names = "--profiles", split = ",", paramLabel = "NAME|FILE",
            description = "Pool profiles: names in webapp/conf or paths of context.xml files (default"
                    + " ${DEFAULT-VALUE}).")
    List<String> names;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** @return the profiles given or the command's default; null when neither */
    public List<String> names() {
        return names;
    }

    /** @return whether {@code --profiles} was on the command line */
    public boolean given() {
        return mixee.commandLine() != null && mixee.commandLine().getParseResult() != null
                && mixee.commandLine().getParseResult().hasMatchedOption("--profiles");
    }

    /**
     * @param fallback the profiles when none were given and the command has no fixed default
     * @return the profiles given, else the fallback
     */
    public List<String> orElse(List<String> fallback) {
        return given() || (names != null && !names.isEmpty()) ? names : fallback;
    }
}
