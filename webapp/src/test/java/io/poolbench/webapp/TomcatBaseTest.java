package io.poolbench.webapp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.poolbench.testbed.TestbedException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tomcat's virtual request threads are asked for by a system property; on a JDK without them, one line says which. */
class TomcatBaseTest {
    @Test
    void virtualRequestThreadsOnJdk17AreOneLineNamingTheJdkToUse(@TempDir Path base) {
        assumeTrue(Runtime.version().feature() < 21, "this JDK has virtual threads");
        System.setProperty(TomcatBase.VIRTUAL_THREADS, "true");
        try {
            TestbedException e = assertThrows(TestbedException.class, () -> TomcatBase.tomcat(base, 0, 10, -1));
            assertTrue(e.getMessage().contains("need JDK 21 or newer") && e.getMessage().contains("POOLBENCH_WEBAPP_JAVA="),
                    e.getMessage());
        } finally {
            System.clearProperty(TomcatBase.VIRTUAL_THREADS);
        }
    }
}
