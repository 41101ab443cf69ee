package io.poolbench.toxiproxy.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.load.CsvLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A drill's request and pool files, written and read back as CSV. */
class DrillFilesTest {
    @TempDir
    Path dir;

    @Test
    void everyRequestIsARowItsResponseTimeFromItsIntendedStart() throws IOException {
        Path f = dir.resolve("run-1.csv");
        DrillFiles.writeSamples(f, List.of(new OpenLoopLoad.Sample(100, 105, 160, "write", 200, "ok", 42),
                new OpenLoopLoad.Sample(110, 110, -1, "short", -1, "unfinished", -1)));
        List<String> rows = CsvLog.read(f, DrillFiles.SAMPLE_COLUMNS, c -> String.join("|", c.values()), "a row");
        assertEquals(List.of("100|105|160|write|200|ok|42|60", "110|110|-1|short|-1|unfinished|-1|-1"), rows);
    }

    @Test
    void thePoolsStateIsARowPerSample() throws IOException {
        Path f = dir.resolve("pool-1.csv");
        DrillFiles.writePool(f, List.of(new long[] {0, 2, 8, 0, 10}));
        assertEquals(List.of("ms,active,idle,waiting,total", "0,2,8,0,10"), Files.readAllLines(f));
    }
}
