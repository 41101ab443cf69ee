package io.poolbench.suite.aurora.run;

import java.util.List;

/** The article's three screens by name, and the class of response times its DBCP figures show. */
public final class Screens {
    /** The screens in the article's order. */
    public static final List<String> NAMES = List.of("short", "medium", "long");
    /** The article's maxima under DBCP were all above this (21,607 ms and more): its "20-second class", ms. */
    public static final long TWENTY_SECOND_CLASS_MS = 20_000;

    private Screens() {
    }
}
