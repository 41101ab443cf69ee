package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code POOLBENCH_WEBAPP_JAVA}, the webapp's own JVM: a path that is no java ends the command in one line. */
class WebappJavaTest {
    @Test
    void aWebappJavaThatIsNoJavaEndsInOneLineBeforeAnythingStarts() throws Exception {
        Path script = Path.of("..", "poolbench").toAbsolutePath().normalize();
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), "aurora").redirectErrorStream(true);
        pb.environment().put("POOLBENCH_WEBAPP_JAVA", "/nonexistent/java");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), out);
        assertEquals(1, out.strip().lines().count(), out);
        assertTrue(out.contains("POOLBENCH_WEBAPP_JAVA=/nonexistent/java is no executable java"), out);
    }
}
