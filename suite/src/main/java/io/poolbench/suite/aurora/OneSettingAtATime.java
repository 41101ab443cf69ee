package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.LoadRun;
import io.poolbench.suite.aurora.run.RunFiles;
import io.poolbench.suite.aurora.run.RunStats;
import io.poolbench.suite.aurora.run.ScreenStats;
import io.poolbench.suite.aurora.run.Screens;
import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The report's "One setting at a time" section: the varied profile as written, then each copy with exactly one
 * attribute changed ({@code aurora --vary PROFILE}, see {@code SettingVariants}) or with one further argument of its
 * webapp's JVM ({@code --webapp-jvm-variant}, see {@code WebappJvmOptions}), side by side: p99 and maximum per
 * screen, failed requests, and whether a maximum reaches the article's 20-second class.
 */
final class OneSettingAtATime {
    private OneSettingAtATime() {
    }

    /**
     * @param settings the run's settings (which run is which round of which profile)
     * @param files every run with a result
     * @return the section's Markdown; empty when the run varied nothing
     */
    static String section(AuroraSettings settings, List<RunFiles> files) {
        List<RunFiles> variants = files.stream().filter(r -> r.outcome().change() != null).toList();
        if (variants.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("## One setting at a time\n\nThe varied profile as written, then with"
                + " exactly one attribute changed (the changed copies are in `screens/variants/`) or one further"
                + " argument of its webapp's JVM. Maximum and p99 response time per screen (ms), failed requests, and"
                + " whether a maximum reaches the 20-second class.\n\n");
        Table t = Table.of("run", "change", ">short p99 / max", ">medium p99 / max", ">long p99 / max", ">errors",
                "any max ≥ 20 s");
        Set<String> bases = new LinkedHashSet<>();
        variants.forEach(v -> bases.add(v.outcome().basedOn()));
        Map<String, LoadRun> byId = new LinkedHashMap<>();
        settings.runs().forEach(run -> byId.put(run.id(), run));
        boolean variedInRounds = settings.runs().stream().anyMatch(run -> run.jvmOption() != null
                && run.round() != null);
        for (RunFiles f : files) {
            RunStats r = f.stats();
            LoadRun run = byId.get(r.id());
            // --vary changes the profile as its first round ran it; a --webapp-jvm-variant runs in every round
            boolean isBase = bases.contains(r.id()) || run != null && bases.contains(run.variantId())
                    && (run.roundNo() == 1 || variedInRounds);
            boolean isVariant = variants.contains(f);
            if (!isBase && !isVariant) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(MarkdownText.cell(r.id()), isVariant ? "`"
                    + f.outcome().change() + "`" : "none (as written)"));
            for (String screen : Screens.NAMES) {
                ScreenStats st = r.screens().stream().filter(x -> x.screen().equals(screen))
                        .findFirst().orElse(null);
                row.add(st == null ? "–" : String.format(Locale.ROOT, "%,d / %,d", st.p99Ms(), st.maxMs()));
            }
            long errors = r.screens().stream().mapToLong(ScreenStats::errors).sum();
            boolean twenty = r.screens().stream().anyMatch(x -> x.maxMs() >= Screens.TWENTY_SECOND_CLASS_MS);
            row.add(String.format(Locale.ROOT, "%,d", errors));
            row.add(twenty ? "**yes**" : "no");
            t.markdownRow(row.toArray(String[]::new));
        }
        md.append(t.markdown());
        md.append('\n');
        return md.toString();
    }
}
