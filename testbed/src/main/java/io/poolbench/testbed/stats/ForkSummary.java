package io.poolbench.testbed.stats;

import io.poolbench.testbed.Figures;
import java.util.ArrayList;
import java.util.List;

/**
 * A JMH figure summarised as the project summarises every figure: over the independent runs, here JMH's forks (each a
 * JVM of its own), not over pooled iterations. The mean of the fork means with Student's t 95 % interval, n = forks
 * (Georges, Buytaert and Eeckhout, OOPSLA 2007: the JVM's start is the unit of repetition; Kalibera and Jones, ISMM
 * 2013: variation between forks dominates variation within one). JMH's own 99.9 % half-width, over forks ×
 * iterations, is kept only to be shown labelled as JMH's.
 *
 * <p>Fork means that split into levels (a JVM that settles into one of two code layouts) are named: sorted, the
 * largest gap between neighbours splits them when it exceeds 10 % of the mean and twice the widest spread within
 * either side; the table then lists the levels, since a mean between them describes no fork.
 *
 * @param forks fork means, in run order
 * @param mean their mean
 * @param low the 95 % interval's low end (NaN for one fork)
 * @param high its high end (NaN for one fork)
 * @param levels the levels when the fork means split, each as {@code lowest–highest (k forks)}; empty otherwise
 */
public record ForkSummary(List<Double> forks, double mean, double low, double high, List<String> levels) {
    /**
     * @param forkMeans one mean per fork, at least one
     * @return their summary
     * @throws IllegalArgumentException without a fork
     */
    public static ForkSummary of(List<Double> forkMeans) {
        MeanInterval m = MeanInterval.of(forkMeans);
        return new ForkSummary(List.copyOf(forkMeans), m.mean(), m.low(), m.high(), levels(forkMeans, m.mean()));
    }

    private static List<String> levels(List<Double> forkMeans, double mean) {
        List<Double> s = new ArrayList<>(forkMeans);
        s.sort(Double::compare);
        if (s.size() < 3) {
            return List.of();
        }
        int cut = 1;
        for (int i = 2; i < s.size(); i++) {
            if (s.get(i) - s.get(i - 1) > s.get(cut) - s.get(cut - 1)) {
                cut = i;
            }
        }
        double gap = s.get(cut) - s.get(cut - 1);
        double within = Math.max(s.get(cut - 1) - s.get(0), s.get(s.size() - 1) - s.get(cut));
        if (gap <= 0.1 * Math.abs(mean) || gap <= 2 * within) {
            return List.of();
        }
        return List.of(level(s.subList(0, cut)), level(s.subList(cut, s.size())));
    }

    private static String level(List<Double> side) {
        String lo = Figures.fixed(side.get(0), 0);
        String hi = Figures.fixed(side.get(side.size() - 1), 0);
        return (lo.equals(hi) ? lo : lo + "–" + hi) + " (" + side.size() + (side.size() == 1 ? " fork)" : " forks)");
    }

    /**
     * @return the figure as a table shows it, e.g. {@code 13,903 (12,100–15,706; n = 10 forks)}; with levels, {@code
     *     in two levels: 10,242–10,580 (4 forks) and 15,990–16,168 (6 forks)}
     */
    public String text() {
        if (!levels.isEmpty()) {
            return "in two levels: " + String.join(" and ", levels);
        }
        if (forks.size() < 2) {
            return Figures.fixed(mean, 0) + " (one fork, no interval)";
        }
        return Figures.fixed(mean, 0) + " (" + Figures.fixed(low, 0) + "–" + Figures.fixed(high, 0) + "; n = "
                + forks.size() + " forks)";
    }
}
