package io.poolbench.suite.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.io.InputStream;

/**
 * The source articles' figures as cited data: {@code src/seeds/seedNNN.json}, packaged into the suite's jar under
 * {@code io/poolbench/suite/seeds/} (transcribed from the five source articles; each file's {@code source} names its article by file name and title).
 */
public final class Seeds {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    private Seeds() {
    }

    /**
     * @param seed the article's number, e.g. {@code 001}
     * @return its figures as a JSON tree
     * @throws IOException when the file is not in the jar (a broken build) or is not JSON
     */
    public static JsonNode read(String seed) throws IOException {
        return open(seed);
    }

    /**
     * @param seed the article's number, e.g. {@code 000}
     * @param type the record its figures are read into (fields named as in the file; others are ignored)
     * @param <T> the record type
     * @return the article's figures
     * @throws IOException when the file is not in the jar (a broken build) or does not fit the record
     */
    public static <T> T read(String seed, Class<T> type) throws IOException {
        return JSON.treeToValue(read(seed), type);
    }

    private static JsonNode open(String seed) throws IOException {
        try (InputStream in = Seeds.class.getResourceAsStream("/io/poolbench/suite/seeds/seed" + seed + ".json")) {
            if (in == null) {
                throw new IOException("the article's figures (src/seeds/seed" + seed + ".json) are not in the jar;"
                        + " rebuild");
            }
            return JSON.readTree(in);
        }
    }
}
