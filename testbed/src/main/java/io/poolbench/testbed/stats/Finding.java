package io.poolbench.testbed.stats;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Locale;

/**
 * One comparison of two variants over rounds, and what it lets us say: "A ahead of B in req/s by 1.15 × (95 %
 * interval 1.08–1.22, 3 rounds)", or "not shown to differ (interval, n)" (never "alike": that needs a margin), or,
 * from one round, no verdict. Written to
 * {@code summary.json} as it is (with {@code verdict} and {@code text}) for scripts.
 *
 * @param measure what was compared, with its unit ({@code req/s}, {@code p99 ms})
 * @param a the first variant's name
 * @param b the second variant's name
 * @param higherIsBetter true for throughput, false for latency and failures
 * @param ratio A ÷ B over the rounds
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Finding(String measure, String a, String b, boolean higherIsBetter, RatioInterval ratio) {
    /** @return the verdict: ahead only with an interval that excludes 1, never from one round */
    @JsonProperty("verdict")
    public Verdict verdict() {
        if (ratio.n() < 2) {
            return Verdict.ONE_ROUND;
        }
        return ratio.excludesOne() ? Verdict.AHEAD : Verdict.NO_DIFFERENCE;
    }

    /** @return the variant that is better on this measure by the summary ratio (A when they are equal) */
    @JsonProperty("leader")
    public String leader() {
        return aLeads() ? a : b;
    }

    private boolean aLeads() {
        return higherIsBetter ? ratio.ratio() >= 1 : ratio.ratio() <= 1;
    }

    /**
     * @return how far the leader is ahead, as a factor ≥ 1 (for a lower-is-better measure, the trailer's figure ÷
     *     the leader's)
     */
    @JsonProperty("by")
    public double by() {
        return ratio.ratio() >= 1 ? ratio.ratio() : 1 / ratio.ratio();
    }

    /** @return the finding in one sentence, its interval and n in it */
    @JsonProperty("text")
    public String text() {
        String rounds = ratio.n() + (ratio.n() == 1 ? " round" : " rounds");
        return switch (verdict()) {
            case ONE_ROUND -> String.format(Locale.ROOT, "%s ÷ %s in %s: %s from one round: no interval, no verdict"
                    + " (run 3 or more rounds)", a, b, measure, x(ratio.ratio()));
            case NO_DIFFERENCE, ALIKE -> String.format(Locale.ROOT, "%s against %s in %s: not shown to differ (%s ÷ %s"
                    + " %s, 95 %% interval %s–%s, %s)", a, b, measure, a, b, x(ratio.ratio()), x(ratio.low()),
                    x(ratio.high()), rounds);
            case AHEAD -> {
                boolean flip = ratio.ratio() < 1;
                double lo = flip ? 1 / ratio.high() : ratio.low();
                double hi = flip ? 1 / ratio.low() : ratio.high();
                yield String.format(Locale.ROOT, "%s ahead of %s in %s by %s × (95 %% interval %s–%s, %s)", leader(),
                        aLeads() ? b : a, measure, x(by()), x(lo), x(hi), rounds);
            }
        };
    }

    /**
     * @param findings comparisons
     * @return a Markdown bullet list, one finding a line, those whose verdict is {@link Verdict#AHEAD} in bold
     */
    public static String bullets(List<Finding> findings) {
        StringBuilder md = new StringBuilder();
        findings.forEach(f -> md.append("- ").append(f.verdict() == Verdict.AHEAD ? "**" + f.text() + "**" : f.text())
                .append('\n'));
        return md.toString();
    }

    /**
     * @param intro what precedes the list (Markdown, e.g. how the rounds were run)
     * @param findings comparisons
     * @return the intro, {@link #bullets(List)} and the findings adjusted as one family ({@link Holm#markdown});
     *     empty without findings
     */
    public static String bullets(String intro, List<Finding> findings) {
        return findings.isEmpty() ? "" : intro + bullets(findings) + Holm.markdown(findings.stream()
                .map(Comparison::of).toList());
    }

    private static String x(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
