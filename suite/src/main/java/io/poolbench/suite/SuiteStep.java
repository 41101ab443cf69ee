package io.poolbench.suite;

import io.poolbench.suite.aurora.FailoverAtLimit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One command of a scenario that is several ({@link SuiteEntry#FAILOVER_AT_LIMIT}): its arguments and the
 * sub-directory of the scenario's run directory it writes to; in the arguments {@value #DIR} stands for the scenario's run directory.
 *
 * @param sub the sub-directory, e.g. {@code map}; null for a scenario that is one command and writes its own
 * @param args the command's arguments, {@code --out} left out
 */
public record SuiteStep(String sub, List<String> args) {
    /** What stands for the scenario's run directory in a step's arguments. */
    public static final String DIR = "{dir}";

    /**
     * @param kind a failover kind, also the sub-directory
     * @param more the run's length and rounds
     * @return {@code aurora --failover KIND --at-knee {dir}/knees} (the chain's knee search) with {@code more}
     */
    static SuiteStep atKnee(String kind, String... more) {
        List<String> args = new ArrayList<>(List.of("aurora", "--failover", kind, "--at-knee", DIR + "/"
                + FailoverAtLimit.KNEES));
        args.addAll(List.of(more));
        return new SuiteStep(kind, List.copyOf(args));
    }

    /**
     * @param dir the scenario's run directory
     * @return the arguments with {@value #DIR} replaced and {@code --out} added
     */
    List<String> argsIn(Path dir) {
        List<String> out = new ArrayList<>(args.stream().map(a -> a.replace(DIR, dir.toString())).toList());
        out.addAll(List.of("--out", (sub == null ? dir : dir.resolve(sub)).toString()));
        return out;
    }
}
