package io.poolbench.testbed.options;

import picocli.CommandLine.Option;

/**
 * {@code --as-article}: run a reproduction with the parameters of the article it reproduces (its rounds, sizes and
 * steps) instead of the quick defaults. A picocli mixin, so the word and its meaning are one; what it sets, and
 * how long it takes here, is in each command's description.
 */
public final class AsArticleOption {
    @Option(names = "--as-article", description = "The article's parameters instead of the quick defaults: what"
            + " they are and how long they take here is in the description above.")
    boolean on;

    /** @return whether {@code --as-article} was given */
    public boolean on() {
        return on;
    }
}
