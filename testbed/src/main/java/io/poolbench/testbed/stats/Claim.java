package io.poolbench.testbed.stats;

import java.util.List;

/**
 * One finding on top of the suite's page: a sentence with its figures, whether it is solid, that is, rests on at
 * least one comparison over rounds whose 95 % interval excludes "no difference" ({@link Verdict#AHEAD}), and the
 * comparisons it states, which the page's verdict table and forest plot show row by row. The page puts the solid
 * ones first; the others come from one run, or show no difference the run can show.
 *
 * @param markdown the sentence (Markdown)
 * @param solid true when at least one of its comparisons is {@link Verdict#AHEAD}
 * @param comparisons the comparisons it states, in its order; empty for a claim from one run without any
 */
public record Claim(String markdown, boolean solid, List<Comparison> comparisons) {
    /** Keeps the list as given, unmodifiable. */
    public Claim {
        comparisons = comparisons == null ? List.of() : List.copyOf(comparisons);
    }

    /**
     * @param markdown the sentence
     * @param solid whether it is solid
     */
    public Claim(String markdown, boolean solid) {
        this(markdown, solid, List.of());
    }

    /**
     * @param markdown the sentence
     * @param findings the comparisons it states
     * @return the claim, solid when one of them is ahead
     */
    public static Claim of(String markdown, List<Finding> findings) {
        return new Claim(markdown, findings.stream().anyMatch(f -> f.verdict() == Verdict.AHEAD),
                findings.stream().map(Comparison::of).toList());
    }

    /**
     * @param markdown the sentence
     * @param differences the differences it states
     * @return the claim, solid when one of them is ahead
     */
    public static Claim ofDifferences(String markdown, List<DifferenceFinding> differences) {
        return new Claim(markdown, differences.stream().anyMatch(f -> f.verdict() == Verdict.AHEAD),
                differences.stream().map(Comparison::of).toList());
    }

    /**
     * @param markdown the sentence
     * @param twins a variant against its A/A twin, per measure
     * @return the claim, never solid: its comparisons are the tool's own noise floor, not findings
     */
    public static Claim noiseFloor(String markdown, List<Finding> twins) {
        return new Claim(markdown, false, twins.stream().map(f -> Comparison.of(f).asNoiseFloor()).toList());
    }

    /**
     * @param sentences sentences from one run each (no rounds yet)
     * @return them as claims that are not solid
     */
    public static List<Claim> oneRun(List<String> sentences) {
        return sentences.stream().map(s -> new Claim(s, false)).toList();
    }

    /**
     * @param suffix Markdown to add at the end (a link to the section)
     * @return this claim with the suffix, the same comparisons
     */
    public Claim append(String suffix) {
        return new Claim(markdown + suffix, solid, comparisons);
    }

    /** @return the question the claim answers: its leading bold phrase, or its first words */
    public String question() {
        int start = markdown.indexOf("**");
        int end = start < 0 ? -1 : markdown.indexOf("**", start + 2);
        if (start >= 0 && end > start) {
            return markdown.substring(start + 2, end).replaceAll("[.:]$", "");
        }
        String plain = markdown.replaceAll("[*_`]", "");
        int cut = plain.indexOf(':');
        return cut > 0 && cut < 120 ? plain.substring(0, cut) : plain.length() > 80 ? plain.substring(0, 80) + "…"
                : plain;
    }
}
