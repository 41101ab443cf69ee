package io.poolbench.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.testbed.load.ScreenModel;
import io.poolbench.testbed.load.WriteOutcome;
import io.poolbench.testbed.run.Status;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LabelsTest {
    @Test
    void aLabelIsLowerCaseWithDashesAndReadsBack() {
        assertEquals("per-query", Labels.of(ScreenModel.Borrow.PER_QUERY));
        assertEquals("acknowledged", Labels.of(WriteOutcome.ACKNOWLEDGED));
        for (Status s : Status.values()) {
            assertEquals(Optional.of(s), Labels.parse(Status.class, s.label()));
        }
        assertEquals(Optional.of(ScreenModel.Borrow.PER_REQUEST), Labels.parse(ScreenModel.Borrow.class, " Per-Request "));
    }

    @Test
    void noneForNullOrAnUnknownLabel() {
        assertEquals(Optional.empty(), Labels.parse(ScreenModel.Screen.class, null));
        assertEquals(Optional.empty(), Labels.parse(ScreenModel.Screen.class, "huge"));
        assertEquals(Optional.empty(), Labels.parse(ScreenModel.Borrow.class, "PER_QUERY"), "the Java name is not a label");
    }
}
