package io.poolbench.suite;

import io.poolbench.testbed.run.Manifest;
import java.io.IOException;
import java.nio.file.Path;

/** Writes a scenario's report from its run directory and returns the Markdown. */
interface ReportWriter {
    /**
     * @param dir the scenario's run directory
     * @param m its manifest
     * @return the Markdown written
     * @throws IOException when results cannot be read or the report cannot be written
     */
    String write(Path dir, Manifest m) throws IOException;
}
