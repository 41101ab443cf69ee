package io.poolbench.testbed.stats;

import java.util.List;

/**
 * One finding on top of the suite's page: a sentence with its figures, and whether it is solid, that is, rests on
 * at least one comparison over rounds whose 95 % interval excludes "no difference" ({@link Verdict#AHEAD}). The page
 * puts the solid ones first; the others come from one run, or show no difference the run can show.
 *
 * @param markdown the sentence (Markdown)
 * @param solid true when at least one of its comparisons is {@link Verdict#AHEAD}
 */
public record Claim(String markdown, boolean solid) {
    /**
     * @param markdown the sentence
     * @param findings the comparisons it states
     * @return the claim, solid when one of them is ahead
     */
    public static Claim of(String markdown, List<Finding> findings) {
        return new Claim(markdown, findings.stream().anyMatch(f -> f.verdict() == Verdict.AHEAD));
    }

    /**
     * @param sentences sentences from one run each (no rounds yet)
     * @return them as claims that are not solid
     */
    public static List<Claim> oneRun(List<String> sentences) {
        return sentences.stream().map(s -> new Claim(s, false)).toList();
    }
}
