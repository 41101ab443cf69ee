package io.poolbench.suite.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JMeter command lines: one builder, and the distributed controller's on top of it. */
class JMeterCommandTest {
    @Test
    void aNonGuiRunWritesCsvSamplesAndItsLogAndTakesProperties() {
        List<String> cmd = JMeterCommand.of(Path.of("/j/ApacheJMeter.jar"), Path.of("/p/plan.jmx"),
                Path.of("/r/results.csv"), Path.of("/r/jmeter.log"), 256).property("users", 4).build();
        assertTrue(cmd.containsAll(List.of("-Xms256m", "-Xmx256m", "-jar", "/j/ApacheJMeter.jar", "-n")), cmd.toString());
        assertEquals("/p/plan.jmx", cmd.get(cmd.indexOf("-t") + 1));
        assertEquals("/r/results.csv", cmd.get(cmd.indexOf("-l") + 1));
        assertEquals("/r/jmeter.log", cmd.get(cmd.indexOf("-j") + 1));
        assertTrue(cmd.contains("-Jjmeter.save.saveservice.output_format=csv") && cmd.contains("-Jusers=4"),
                cmd.toString());
    }

    @Test
    void theControllerSendsThePlanToEveryEngineWithGlobalProperties() {
        JMeterEngines engines = JMeterEngines.remote(Path.of("/j/ApacheJMeter.jar"), null, List.of("127.0.0.1:1099",
                "127.0.0.1:1100"));
        Map<String, String> props = new LinkedHashMap<>();
        props.put("threads", "94");
        props.put("host", "127.0.0.1");
        List<String> cmd = engines.controllerCommand(Path.of("/p/aurora-screens.jmx"), props, Path.of("/r/results.csv"),
                Path.of("/r/jmeter.log"), 512);
        assertEquals("127.0.0.1:1099,127.0.0.1:1100", cmd.get(cmd.indexOf("-R") + 1));
        assertTrue(cmd.contains("-Gthreads=94") && cmd.contains("-Ghost=127.0.0.1"), cmd.toString());
        assertTrue(cmd.contains("-Jserver.rmi.ssl.disable=true") && cmd.contains("-Jjmeter.save.saveservice.url=true"),
                "the URL column tells each sample's engine: " + cmd);
        assertTrue(cmd.contains("-Jsample_variables=intendedStartMs"), "each sample's intended start: " + cmd);
        assertTrue(cmd.stream().noneMatch(a -> a.startsWith("-Juser.classpath")), "no extensions given: " + cmd);
        List<String> with = JMeterEngines.remote(Path.of("/j/ApacheJMeter.jar"), Path.of("/x/jmeter-elements.jar"),
                List.of("127.0.0.1:1099")).controllerCommand(Path.of("/p/aurora-screens.jmx"), props,
                Path.of("/r/results.csv"), Path.of("/r/jmeter.log"), 512);
        assertTrue(with.contains("-Juser.classpath=/x/jmeter-elements.jar"), "the plan's compiled elements: " + with);
    }
}
