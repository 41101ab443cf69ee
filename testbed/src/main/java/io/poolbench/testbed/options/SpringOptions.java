package io.poolbench.testbed.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * How a Spring Boot {@code application.properties} / {@code application.yml} is bound: the Spring profiles to
 * activate and properties given above the files ({@code check}, {@code plan}).
 */
public final class SpringOptions {
    /** Spring profiles to activate. */
    @Option(names = "--spring-profile", split = ",", paramLabel = "NAME", description = "Spring profiles to"
            + " activate: application-NAME.* and the documents for them.")
    public List<String> springProfiles = new ArrayList<>();

    /** Properties above the files, by name. */
    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "A property above the files: a value for a"
            + " placeholder such as $${DB_URL}, or a change to try (e.g. --set"
            + " spring.datasource.hikari.connection-timeout=5000). Repeat for more.")
    public Map<String, String> sets = new LinkedHashMap<>();
}
