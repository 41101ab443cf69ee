package io.poolbench.suite.aurora;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Aurora screens' JMeter plan runs no script or expression per request (its pacing and its screen pick are
 * compiled, in the jmeter-elements module), and every compiled element it names exists there.
 */
class ScreensPlanTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void noScriptRunsPerRequestAndEveryCompiledElementExists() throws Exception {
        String plan = Files.readString(ROOT.resolve("jmeter/src/test/jmeter/aurora-screens.jmx"));
        String body = plan.substring(plan.indexOf("<jmeterTestPlan"));
        for (String script : new String[] {"JSR223", "__jexl", "__groovy", "__javaScript", "BeanShell"}) {
            assertFalse(body.contains(script), "aurora-screens.jmx runs " + script);
        }
        Matcher m = Pattern.compile("testclass=\"(io\\.poolbench\\.jmeter\\.elements\\.\\w+)\"").matcher(body);
        int found = 0;
        while (m.find()) {
            found++;
            Path source = ROOT.resolve("jmeter-elements/src/main/java").resolve(m.group(1).replace('.', '/')
                    + ".java");
            assertTrue(Files.isRegularFile(source), m.group(1) + " named by aurora-screens.jmx is not in jmeter-elements");
        }
        assertTrue(found >= 2, "the plan's pacing timer and screen pick come from jmeter-elements");
    }
}
