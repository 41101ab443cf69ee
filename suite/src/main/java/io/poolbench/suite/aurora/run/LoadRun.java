package io.poolbench.suite.aurora.run;

import io.poolbench.testbed.stats.Rounds;
import java.util.ArrayList;
import java.util.List;

/**
 * One load run.
 *
 * @param id the run's name in tables and directories ({@code aurora-article-dbcp-verbatim}, {@code dbcp1+maxActive=300})
 * @param file the profile file that ran (a variant's is a changed copy in the run directory)
 * @param basedOn for a variant, the run it changes; null otherwise
 * @param change for a variant, the one attribute changed, {@code name=value}, or the one JVM argument added to
 *     its webapp ({@code -Dkey=value}, {@code --webapp-jvm-variant}: the file is then the profile's own); null
 *     otherwise
 * @param variant the profile's run id that this run repeats in its round ({@code aurora-article-dbcp2}); null for a run
 *     that ran once (its id is its variant)
 * @param round the round, from 1; null for a run that ran once
 * @param cell for a cell of the saturation map ({@code --map}), its load, round trip and borrowing; null for a
 *     run at the settings' own
 * @param control true for a failover's control twin ({@code --control}): the same profile and load without the
 *     failover, marked when the failover would have been injected; null (false) otherwise
 */
public record LoadRun(String id, String file, String basedOn, String change, String variant, Integer round,
        MapCell cell, Boolean control) {
    /** The suffix of a control twin's id ({@code aurora-article-dbcp2~control}). */
    public static final String CONTROL_SUFFIX = "~control";
    /** The suffix of an A/A twin's id ({@code aurora-article-dbcp-verbatim~aa}, {@code aurora --aa-twin}). */
    public static final String AA_SUFFIX = "~aa";

    /** A run that runs once: its id is its variant. */
    public LoadRun(String id, String file, String basedOn, String change) {
        this(id, file, basedOn, change, null, null, null, null);
    }

    /** A run of a round, at the settings' own load. */
    public LoadRun(String id, String file, String basedOn, String change, String variant, Integer round) {
        this(id, file, basedOn, change, variant, round, null, null);
    }

    /** A cell of the saturation map. */
    public LoadRun(String id, String file, String basedOn, String change, String variant, Integer round, MapCell cell) {
        this(id, file, basedOn, change, variant, round, cell, null);
    }

    /** @return this profile's control twin (no failover), id {@code <id>~control} */
    public LoadRun controlTwin() {
        return new LoadRun(id + CONTROL_SUFFIX, file, basedOn, change, null, null, cell, true);
    }

    /**
     * @return this profile run again as a variant of its own (A/A), id {@code <id>~aa}: the same file, settings and
     *     load; its comparison with this run is the tool's own noise, not a finding
     */
    public LoadRun aaTwin() {
        return new LoadRun(id + AA_SUFFIX, file, basedOn, change);
    }

    /**
     * @param variantId a run's id across rounds ({@link #variantId})
     * @return the id of the profile it repeats as an A/A twin; null when it is none
     */
    public static String twinOf(String variantId) {
        return variantId.endsWith(AA_SUFFIX) ? variantId.substring(0, variantId.length() - AA_SUFFIX.length()) : null;
    }

    /** @return the JVM argument this variant adds to its webapp ({@link #isJvmOption}), or null */
    public String jvmOption() {
        return isJvmOption(change) ? change : null;
    }

    /** @return true for a JVM option poolbench passes on to a webapp: {@code -Dkey=value} or {@code -X…} */
    public static boolean isJvmOption(String arg) {
        return arg != null && (arg.startsWith("-D") && arg.length() > 2 || arg.startsWith("-X"));
    }

    /** @return true for a failover's control twin */
    public boolean isControl() {
        return Boolean.TRUE.equals(control);
    }

    /** @return the profile's run id across rounds */
    public String variantId() {
        return variant == null ? id : variant;
    }

    /** @return the round, 1 for a run that ran once */
    public int roundNo() {
        return round == null ? 1 : round;
    }

    /**
     * @param runs each profile's run
     * @param rounds how many times each runs
     * @return the runs as given for one round; else round after round, every run once per round in an order
     *     rotated from round to round ({@link Rounds#order}), ids {@code <id>.r<round>}
     */
    public static List<LoadRun> inRounds(List<LoadRun> runs, int rounds) {
        if (rounds <= 1) {
            return runs;
        }
        List<LoadRun> all = new ArrayList<>();
        for (int k = 1; k <= rounds; k++) {
            for (LoadRun r : Rounds.order(runs, k)) {
                all.add(new LoadRun(r.id() + ".r" + k, r.file(), r.basedOn(), r.change(), r.id(), k, r.cell(),
                        r.control()));
            }
        }
        return all;
    }
}
