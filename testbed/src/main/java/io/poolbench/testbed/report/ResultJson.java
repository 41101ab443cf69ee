package io.poolbench.testbed.report;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How poolbench writes and reads the JSON files of a run directory ({@code summary.json}, {@code settings.json}, a
 * phase's results): one Jackson mapper, configured once.
 */
public final class ResultJson {
    /**
     * Writes indented JSON (a reader looks at these files); reads files of older and newer poolbench versions,
     * ignoring fields a record does not have (the report of an old run directory is rebuilt from them).
     */
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultJson() {
    }

    /**
     * Reads a result file that may be missing or damaged (a phase that failed or was interrupted wrote none, or half
     * of one); callers say so in their report.
     *
     * @param file the JSON file
     * @param type the record it holds
     * @param <T> that record's type
     * @return the record, or empty when the file is missing or is not that record's JSON
     */
    public static <T> Optional<T> readIfPresent(Path file, Class<T> type) {
        try {
            return Optional.ofNullable(MAPPER.readValue(file.toFile(), type));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * @param file a result file a run wrote
     * @param type the generic type it holds (e.g. a map of records)
     * @param <T> that type
     * @return the value, or empty when the file is missing or does not hold that type's JSON
     */
    public static <T> Optional<T> readIfPresent(Path file, TypeReference<T> type) {
        try {
            return Optional.ofNullable(MAPPER.readValue(file.toFile(), type));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
