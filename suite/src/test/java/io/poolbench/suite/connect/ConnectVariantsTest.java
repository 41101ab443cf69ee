package io.poolbench.suite.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.PhaseEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interrupted sweep keeps the rounds that finished: they are figures, only the rest is interrupted. */
class ConnectVariantsTest {
    @TempDir
    Path dir;

    private static ConnectData.Run run(double tps) {
        return new ConnectData.Run(9000, 0, 1.0, tps, tps * 2, 1.5, null, null, 1, 3.0, 0.5, 1.0, Map.of());
    }

    private static PhaseEntry phase(String status) {
        return new PhaseEntry("connect:java-agroal", "java, agroal", status, status.equals("ok") ? null
                : "Ctrl-C", null, "t0", "t1", Map.of(), Map.of());
    }

    private Path file(List<ConnectData.Run> runs) throws Exception {
        Path f = dir.resolve("java-agroal.json");
        ResultJson.MAPPER.writeValue(f.toFile(), new ConnectData.Variant("java-agroal", "java", "Agroal", false, true,
                "Java, Agroal pool", runs, ConnectData.ROUNDS));
        return f;
    }

    @Test
    void anInterruptedVariantKeepsItsFinishedRoundsAndSaysSo() throws Exception {
        ConnectData.Variant v = ConnectVariants.finishedRounds(phase("interrupted"), file(List.of(run(35585.4))));
        assertEquals(List.of(run(35585.4)), v.runs());
        assertEquals("Java, Agroal pool (interrupted after 1 round)", v.describe());
    }

    @Test
    void aFailedVariantOrOneWithoutAFinishedRoundOrAFileCutWhileWrittenShowsNoFigures() throws Exception {
        assertNull(ConnectVariants.finishedRounds(phase("failed"), file(List.of(run(1)))), "failed: why, no figures");
        assertNull(ConnectVariants.finishedRounds(phase("interrupted"), file(List.of())));
        Path cut = file(List.of(run(1)));
        Files.writeString(cut, Files.readString(cut).substring(0, 40));
        assertNull(ConnectVariants.finishedRounds(phase("interrupted"), cut));
        assertNull(ConnectVariants.finishedRounds(phase("interrupted"), dir.resolve("none.json")));
    }
}
