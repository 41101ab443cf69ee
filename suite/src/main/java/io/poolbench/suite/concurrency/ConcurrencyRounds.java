package io.poolbench.suite.concurrency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.stats.Comparison;
import io.poolbench.testbed.stats.Finding;
import io.poolbench.testbed.stats.Holm;
import io.poolbench.testbed.stats.RatioInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The concurrency scenario over rounds: each R2DBC stack against each JDBC stack in req/s, per index setting and user count, the
 * ratio taken within each round (the stacks ran in rotating order) and summarised by {@link RatioInterval}. A step
 * that failed in a round drops that round's ratio for its pairs; n counts the rounds with both steps measured.
 */
final class ConcurrencyRounds {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private ConcurrencyRounds() {
    }

    /**
     * @param base {@code concurrency/}
     * @param s the run's settings
     * @return per index setting, user count, R2DBC stack and JDBC stack: the finding; none before rounds
     * @throws IOException when a stack's file cannot be read
     */
    static List<Finding> findings(Path base, ConcurrencySettings s) throws IOException {
        List<Finding> out = new ArrayList<>();
        if (s.rounds() == null) {
            return out;
        }
        for (String index : s.indexes()) {
            for (int users : s.users()) {
                for (Stack a : s.stacks()) {
                    for (Stack b : s.stacks()) {
                        if (!a.r2dbc() || b.r2dbc()) {
                            continue;
                        }
                        List<Double> xs = new ArrayList<>();
                        List<Double> ys = new ArrayList<>();
                        for (int round = 1; round <= s.rounds(); round++) {
                            xs.add(reqPerSecond(base, round, index, a.id(), users));
                            ys.add(reqPerSecond(base, round, index, b.id(), users));
                        }
                        String measure = String.format(Locale.ROOT, "req/s at %d users, %s the index", users, index);
                        RatioInterval.paired(xs, ys).ifPresent(ri -> out.add(new Finding(measure, a.label(),
                                b.label(), true, ri)));
                    }
                }
            }
        }
        return out;
    }

    /** @return the step's req/s when it was measured in that round, else NaN */
    /**
     * What the index is worth, over rounds: each stack's req/s with ÷ without the index at each user count, both
     * steps of a pair from the same round.
     *
     * @param base {@code concurrency/}
     * @param s the run's settings
     * @return per stack and user count the finding; none before rounds or without both index settings
     * @throws IOException when a stack's file cannot be read
     */
    static List<Finding> indexFindings(Path base, ConcurrencySettings s) throws IOException {
        List<Finding> out = new ArrayList<>();
        if (s.rounds() == null || !s.indexes().containsAll(List.of("with", "without"))) {
            return out;
        }
        for (Stack st : s.stacks()) {
            for (int users : s.users()) {
                List<Double> with = new ArrayList<>();
                List<Double> without = new ArrayList<>();
                for (int round = 1; round <= s.rounds(); round++) {
                    with.add(reqPerSecond(base, round, "with", st.id(), users));
                    without.add(reqPerSecond(base, round, "without", st.id(), users));
                }
                String measure = String.format(Locale.ROOT, "req/s at %d users", users);
                RatioInterval.paired(with, without).ifPresent(ri -> out.add(new Finding(measure, st.label()
                        + " with the index", "without it", true, ri)));
            }
        }
        return out;
    }

    private static double reqPerSecond(Path base, int round, String index, String stack, int users)
            throws IOException {
        Path f = ConcurrencySettings.dir(base, round, index).resolve(stack + ".json");
        if (!Files.isRegularFile(f)) {
            return Double.NaN;
        }
        for (ConcurrencyData.Step step : JSON.readValue(f.toFile(), ConcurrencyData.StackRun.class).steps()) {
            if (step.users() == users && step.measured() && step.reqPerSecond() != null) {
                return step.reqPerSecond();
            }
        }
        return Double.NaN;
    }

    /**
     * @param findings {@link #findings}
     * @param index {@link #indexFindings}
     * @param rounds the rounds run
     * @return the section: how the rounds ran, then every finding (the solid ones in bold)
     */
    static String markdown(List<Finding> findings, List<Finding> index, int rounds) {
        StringBuilder md = new StringBuilder("## Over rounds: R2DBC against JDBC\n\n");
        md.append(String.format(Locale.ROOT, "%d rounds; each ran every index setting, stack and user count once, the"
                + " stacks in an order rotated from round to round. The tables above are round 1's (the other rounds"
                + " are in `concurrency/r<round>/`); here R2DBC ÷ JDBC in req/s is taken within each round, then"
                + " summarised: geometric mean, 95 %% interval (Student's t on the log ratios), n = the"
                + " rounds in which both steps were measured.%n%n", rounds));
        if (findings.isEmpty()) {
            return md.append("No round measured an R2DBC and a JDBC stack at the same step.\n\n").toString();
        }
        md.append(Finding.bullets(findings));
        if (!index.isEmpty()) {
            md.append("\nWhat the index is worth, each stack's req/s with ÷ without it, both steps from the same"
                    + " round:\n\n").append(Finding.bullets(index));
        }
        md.append(Holm.markdown(Stream.concat(findings.stream(), index.stream()).map(Comparison::of).toList()));
        return md.append('\n').toString();
    }
}
