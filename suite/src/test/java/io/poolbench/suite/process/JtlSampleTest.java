package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMeter's samples as poolbench reads them: every column it needs, the intended start when the plan saved it. */
class JtlSampleTest {
    @TempDir
    Path dir;

    @Test
    void theIntendedStartComesFromTheSampleVariableColumn() throws Exception {
        Path csv = dir.resolve("results.csv");
        Files.writeString(csv, JtlRows.HEADER.replace("\n", ",intendedStartMs\n")
                // on time: started at its intended start
                + JtlRows.row(1_000, 40, "short", 200).replace("\n", ",1000\n")
                // late: meant to start at 700, started at 1,100 when a thread was free, ended at 1,150
                + JtlRows.row(1_100, 50, "short", 200).replace("\n", ",700\n")
                // an engine without the property writes null
                + JtlRows.row(1_200, 30, "long", 200).replace("\n", ",null\n")
                + "1300,5,short,Non HTTP response code: java.net.ConnectException,refused,t,text,false,,0,0,1,1,"
                + "http://x/short,0,0,5,1290\n"
                + "1400,5,sho"); // cut short by an interrupted run
        List<JtlSample> s = JtlSample.read(csv);
        assertEquals(4, s.size(), s.toString());
        assertEquals(40, s.get(0).fromIntendedStartMs());
        assertEquals(450, s.get(1).fromIntendedStartMs());
        assertEquals(-1, s.get(2).intendedStartEpochMs());
        assertEquals(-1, s.get(2).fromIntendedStartMs());
        assertFalse(s.get(3).answered());
        assertFalse(s.get(3).success());
        assertEquals(15, s.get(3).fromIntendedStartMs());
        assertTrue(s.get(0).answered() && s.get(0).url().equals("http://x/short"));
    }

    @Test
    void aFileWithoutTheColumnHasNoIntendedStart() throws Exception {
        Path csv = dir.resolve("results.csv");
        Files.writeString(csv, JtlRows.HEADER + JtlRows.row(1_000, 40, "short", 200));
        assertEquals(-1, JtlSample.read(csv).get(0).intendedStartEpochMs());
    }

    @Test
    void aDamagedNumberIsOneClearError() throws Exception {
        Path csv = dir.resolve("results.csv");
        Files.writeString(csv, JtlRows.HEADER + JtlRows.row(1_000, 40, "short", 200).replace("1000,40", "1000,4x"));
        IOException e = assertThrows(IOException.class, () -> JtlSample.read(csv));
        assertTrue(e.getMessage().contains("is not a JMeter CSV results file"), e.getMessage());
    }
}
