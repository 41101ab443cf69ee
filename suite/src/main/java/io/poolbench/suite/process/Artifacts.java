package io.poolbench.suite.process;

import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the built pieces are, relative to the project root: the JMH jar, the webapp jar, the JMeter home prepared
 * by jmeter-maven-plugin's configure goal, the JMeter plan and the profiles.
 *
 * @param root project root
 * @param benchmarksJar {@code pool-bench/target/benchmarks.jar}
 * @param webappJar {@code webapp/target/webapp-*-all.jar}
 * @param jmeterJar {@code jmeter/target/<id>/jmeter/bin/ApacheJMeter-*.jar}
 * @param plan {@code jmeter/src/test/jmeter/short-medium-long.jmx}
 * @param confDir {@code webapp/conf}
 */
public record Artifacts(Path root, Path benchmarksJar, Path webappJar, Path jmeterJar, Path plan, Path confDir) {

    public static final String BUILD_HINT = "build first: ./mvnw -DskipTests package (the ./poolbench script does it)";

    /**
     * @param root project root
     * @return the artifacts
     * @throws TestbedException naming the missing piece and the build command
     */
    public static Artifacts locate(Path root) {
        Path bench = need(root.resolve("pool-bench/target/benchmarks.jar"), "the JMH jar");
        Path webapp = need(newest(root.resolve("webapp/target"), "webapp-", "-all.jar")
                .orElse(root.resolve("webapp/target/webapp-all.jar")), "the webapp jar");
        Path jm = jmeterJar(root.resolve("jmeter/target"))
                .orElseThrow(() -> new TestbedException("no JMeter home under " + root.resolve("jmeter/target")
                        + " (made by jmeter-maven-plugin's configure goal); " + BUILD_HINT));
        Path plan = need(root.resolve("jmeter/src/test/jmeter/short-medium-long.jmx"), "the JMeter plan");
        Path conf = root.resolve("webapp/conf");
        return new Artifacts(root, bench, webapp, jm, plan, conf);
    }

    /**
     * @return {@code jmeter-elements/target/jmeter-elements-*.jar}: the compiled JMeter elements the Aurora screens'
     *     plan uses (its pacing timer and its screen pick, {@code io.poolbench.jmeter.elements}), for JMeter's
     *     {@code user.classpath}
     * @throws TestbedException one line when it is missing, with how to build it
     */
    public Path jmeterElementsJar() {
        return need(newest(root.resolve("jmeter-elements/target"), "jmeter-elements-", ".jar")
                .orElse(root.resolve("jmeter-elements/target/jmeter-elements.jar")), "the plan's JMeter elements (jmeter-elements)");
    }

    /**
     * @param name a plan's file name under {@code jmeter/src/test/jmeter/}, e.g. {@code concurrency.jmx}
     * @return the plan
     * @throws TestbedException one line when it is missing (the command ran outside the project root)
     */
    public Path jmeterPlan(String name) {
        Path p = root.resolve("jmeter/src/test/jmeter").resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new TestbedException("the JMeter plan " + p + " is missing: run from the project root or pass"
                    + " --root");
        }
        return p;
    }

    /**
     * @return {@code suite/target/poolbench.jar}, which runs each of the suite's scenarios in its own JVM
     * @throws TestbedException one line when it is missing, with how to build it
     */
    public Path suiteJar() {
        Path jar = root.resolve("suite/target/poolbench.jar");
        if (!Files.isRegularFile(jar)) {
            throw new TestbedException(jar + " is missing; " + BUILD_HINT);
        }
        return jar;
    }

    private static Path need(Path p, String what) {
        if (!Files.isRegularFile(p)) {
            throw new TestbedException(what + " is missing (" + p + "); " + BUILD_HINT);
        }
        return p;
    }

    private static Optional<Path> newest(Path dir, String prefix, String suffix) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(prefix) && n.endsWith(suffix);
            }).max(Comparator.comparingLong(p -> p.toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> jmeterJar(Path target) {
        if (!Files.isDirectory(target)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.find(target, 4, (p, a) -> {
            String n = p.getFileName().toString();
            return n.startsWith("ApacheJMeter-") && n.endsWith(".jar") && p.getParent().getFileName().toString()
                    .equals("bin");
        })) {
            return s.max(Comparator.comparingLong(p -> p.toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
