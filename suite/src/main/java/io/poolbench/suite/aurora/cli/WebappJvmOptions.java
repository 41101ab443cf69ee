package io.poolbench.suite.aurora.cli;

import io.poolbench.suite.aurora.AuroraSettings;
import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.testbed.TestbedException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The webapp JVM's further arguments as picocli options (a mixin of {@code aurora}): for every run
 * ({@code --webapp-jvm-arg}), or as a variant of every profile of its own ({@code --webapp-jvm-variant}). A pool
 * setting that is a system property and no attribute of the profile, such as HikariCP's
 * {@code com.zaxxer.hikari.aliveBypassWindowMs} (read in {@code HikariPool}'s constructor, 500 ms by default), can
 * so be compared with the pool's default in the same rounds, order rotated, instead of in two commands.
 */
public final class WebappJvmOptions {
    @Option(names = "--webapp-jvm-arg", paramLabel = "ARG", description = "A further argument of every run's webapp"
            + " JVM, repeatable: a system property (-Dkey=value) or a -X option; e.g."
            + " -Dcom.zaxxer.hikari.aliveBypassWindowMs=0, HikariCP's window in which a connection used shortly"
            + " before is lent without a check (500 ms by default, HikariPool's source).")
    List<String> args;

    @Option(names = "--webapp-jvm-variant", paramLabel = "ARG", description = "Also run every profile with this"
            + " further argument of its webapp's JVM, as a variant of its own in every round (id <profile>+<ARG"
            + " without -D>), repeatable, a variant each: e.g. -Dcom.zaxxer.hikari.aliveBypassWindowMs=0 beside"
            + " HikariCP's default window.")
    List<String> variants;

    /** @return the arguments of every run's webapp JVM; empty when none were given */
    List<String> args() {
        return args == null ? List.of() : args;
    }

    /**
     * Checks the variants before anything starts ({@code --webapp-jvm-arg} is checked by {@link AuroraSettings}).
     *
     * @throws TestbedException one line naming a variant that is no JVM option or cannot name a run directory
     */
    void check() {
        for (String v : variants == null ? List.<String>of() : variants) {
            if (!LoadRun.isJvmOption(v)) {
                throw new TestbedException("--webapp-jvm-variant " + v + " is not a JVM option this command passes"
                        + " on: give a system property (-Dkey=value) or a -X/-XX option");
            }
            if (v.contains("/") || v.chars().anyMatch(Character::isWhitespace)) {
                throw new TestbedException("--webapp-jvm-variant " + v + ": its id names the run's directory, so it"
                        + " may contain no '/' and no space");
            }
        }
    }

    /**
     * @param runs every profile's run (at its load)
     * @return each run, followed by a run per variant: the same profile file and load, id {@code <id>+<ARG without
     *     -D>}, based on the run, its change the JVM argument; the runs as given without variants
     */
    List<LoadRun> withVariants(List<LoadRun> runs) {
        if (variants == null || variants.isEmpty()) {
            return runs;
        }
        List<LoadRun> out = new ArrayList<>();
        for (LoadRun r : runs) {
            out.add(r);
            for (String v : variants) {
                String label = v.startsWith("-D") ? v.substring(2) : v;
                out.add(new LoadRun(r.id() + "+" + label, r.file(), r.id(), v, null, null, r.cell()));
            }
        }
        return out;
    }
}
