package io.poolbench.suite.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.suite.PoolbenchMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's refusals: one line, exit 2, and no run directory, before any phase starts. */
class CompareCommandTest {
    @TempDir
    Path tmp;

    private String refused(String... args) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int rc;
        try {
            System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
            rc = PoolbenchMain.run(args);
        } finally {
            System.setErr(err);
        }
        String said = buf.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, rc, said);
        assertEquals(1, said.lines().count(), said);
        return said;
    }

    @Test
    void anEmptyJmhArgsAndAnUnknownDatabaseAreRefusedBeforeAnythingStarts() throws Exception {
        Path out = tmp.resolve("run");
        assertTrue(refused("compare", "--skip-load", "--jmh-args", "", "--out", out.toString())
                .contains("--jmh-args is empty"));
        assertTrue(refused("compare", "--db", "oracle", "--out", out.toString()).contains("--db oracle is not a"
                + " database poolbench starts or reaches"));
        assertFalse(Files.exists(out), "no run directory");
    }

    @Test
    void aPoolVersionForAProfileNotRunOrWithOneVersionIsRefusedBeforeAnythingStarts() throws Exception {
        Path out = tmp.resolve("run");
        for (String[] c : new String[][] {{"vibur is not among --profiles", "--pool-version", "vibur=25.0,26.0"},
                {"give two versions", "--pool-version", "hikari=7.0.2"},
                {"has no pool artifact of its own", "--profiles", "unpooled", "--pool-version", "unpooled=1,2"}}) {
            List<String> args = new ArrayList<>(List.of("compare", "--root", "..", "--out", out.toString()));
            args.addAll(List.of(c).subList(1, c.length));
            String said = refused(args.toArray(String[]::new));
            assertTrue(said.contains(c[0]), said);
        }
        assertFalse(Files.exists(out), "no run directory");
    }
}
