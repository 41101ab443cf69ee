package io.poolbench.suite.borrowers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.poolbench.testbed.TestbedException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code borrowers --threads}: virtual, platform, both, or a comma list of them. */
class BorrowersCommandTest {
    @Test
    void bothIsVirtualThenPlatformAndEachKindRunsOnce() {
        assertEquals(List.of("virtual", "platform"), BorrowersCommand.threadKinds(List.of("both")));
        assertEquals(List.of("platform", "virtual"), BorrowersCommand.threadKinds(List.of("platform", "virtual",
                "platform")));
        assertEquals(List.of("platform"), BorrowersCommand.threadKinds(List.of("platform")));
    }

    @Test
    void anotherWordIsOneLineNamingIt() {
        TestbedException e = assertThrows(TestbedException.class, () -> BorrowersCommand.threadKinds(List.of("green")));
        assertEquals("--threads green: give virtual, platform or both", e.getMessage());
    }
}
