package io.poolbench.testbed.run;

import io.poolbench.testbed.Redact;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Writes a run's manifest and remembers the first write that failed (a full disk, a directory removed): from then
 * on the run cannot record what it does, so its phases fail with that line ({@link Phase#start}) and the run ends.
 */
final class ManifestFile {
    private final Path dir;
    private final PrintStream console;
    private String failure;

    /**
     * @param dir the run directory
     * @param console where the failure is said, once
     */
    ManifestFile(Path dir, PrintStream console) {
        this.dir = dir;
        this.console = console;
    }

    /** @param m the manifest to write over the last one (atomically) */
    synchronized void write(Manifest m) {
        try {
            m.writeTo(dir);
        } catch (IOException e) {
            if (failure == null) {
                failure = "cannot write " + dir.resolve(RunRecord.MANIFEST) + ": " + Redact.oneLine(e.getMessage())
                        + " (free some space, or choose another --out)";
                console.println("poolbench: " + failure + "; the run stops");
            }
        }
    }

    /** @return the first failed write as one line, or null when every write succeeded */
    synchronized String failure() {
        return failure;
    }
}
