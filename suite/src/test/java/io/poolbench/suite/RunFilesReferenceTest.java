package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The committed reference of the run directory's JSON files is the one the records give: every build writes it to
 * {@code suite/target/reference/run-files.md}, and a field added, renamed or dropped without the page fails here.
 */
class RunFilesReferenceTest {
    @Test
    void theCommittedPageIsTheGeneratedOne() throws IOException {
        GeneratedPages.assertCommitted(RunFilesReference.markdown(), RunFilesReference.PAGE);
    }

    @Test
    void everyScenarioOfTheSuiteHasASection() {
        List<String> commands = RunFilesReference.sections().stream().map(RunFilesReference.Section::command).toList();
        for (SuiteEntry e : SuiteEntry.values()) {
            List<String> args = e.quickSteps.get(0).args();
            String command = args.get(0).equals("sweep") ? "sweep " + args.get(1) : args.get(0);
            assertTrue(commands.contains(command), command + " writes a run directory and has no section");
        }
    }

    @Test
    void javaTypesReadAsJsonTypes() {
        var queue = new ArrayDeque<Class<?>>();
        var mapper = ResultJson.MAPPER.getTypeFactory();
        assertEquals("array of number or null", RunFilesReference.json(mapper.constructCollectionType(List.class,
                Double.class), queue));
        assertEquals("object: string → number", RunFilesReference.json(mapper.constructMapType(Map.class,
                String.class, Long.class), queue).replace("number or null", "number"));
        assertEquals("[`Manifest`](#manifest)", RunFilesReference.json(mapper.constructType(Manifest.class), queue));
        assertEquals(Manifest.class, queue.poll(), "a record met is queued for its own section");
    }
}
