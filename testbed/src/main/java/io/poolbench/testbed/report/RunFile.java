package io.poolbench.testbed.report;

/**
 * One JSON file a command writes into its run directory, for the generated reference
 * {@code docs/reference/run-files.md}: where it lies, what it holds, and the record Jackson writes it from (the page
 * lists that record's fields as Jackson names them, so that it cannot drift from the code).
 *
 * @param path the file's path relative to the command's run directory, with {@code <…>} for parts that vary
 * @param what one sentence: what the file holds and when it is written
 * @param type the record (or other class) Jackson writes; null for a format of another tool (JMH's)
 * @param list true when the file holds a JSON array of {@code type}
 */
public record RunFile(String path, String what, Class<?> type, boolean list) {
    /**
     * @param path the file's path relative to the run directory
     * @param what what it holds
     * @param type the record it is written from, one object
     * @return the file
     */
    public static RunFile of(String path, String what, Class<?> type) {
        return new RunFile(path, what, type, false);
    }

    /**
     * @param path the file's path relative to the run directory
     * @param what what it holds
     * @param type the record of each element
     * @return the file, a JSON array
     */
    public static RunFile listOf(String path, String what, Class<?> type) {
        return new RunFile(path, what, type, true);
    }
}
