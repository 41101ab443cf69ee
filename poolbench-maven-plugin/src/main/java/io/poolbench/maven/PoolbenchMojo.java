package io.poolbench.maven;

import io.poolbench.suite.check.CheckedPool;
import io.poolbench.suite.process.Children;
import io.poolbench.testbed.profile.ProfileDir;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the {@code check} and {@code plan} goals share: the service's configuration files, how they are bound (Spring
 * profiles, values for placeholders), and a {@code poolbench} command run in a JVM of its own whose class path puts
 * the service's pool, driver and Spring Boot ({@link ServiceJars}) before poolbench's own, so that the check reads
 * the versions the service runs.
 */
public abstract class PoolbenchMojo extends AbstractMojo {
    /** The files tried, in order, when {@code configurations} is not given: Spring Boot's, then Tomcat's. */
    static final List<String> DEFAULT_FILES = List.of("src/main/resources/application.yml",
            "src/main/resources/application.yaml", "src/main/resources/application.properties",
            "src/main/webapp/META-INF/context.xml");
    /** The longest a check or a plan may take, s: a JVM's start and a pool built against the stub driver. */
    static final int CHILD_SECONDS = 300;

    /** The service being built. */
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** This plugin's own jars: poolbench and what it depends on. */
    @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
    List<Artifact> pluginArtifacts;

    /**
     * The service's pool configurations: Spring Boot {@code application*.yml} / {@code .properties} files or Tomcat
     * {@code context.xml} files. Default: the first of {@code src/main/resources/application.yml}, {@code .yaml},
     * {@code .properties}, {@code src/main/webapp/META-INF/context.xml} that exists.
     */
    @Parameter
    List<File> configurations;

    /** Spring profiles to activate, as {@code spring.profiles.active} would ({@code application-NAME.*}). */
    @Parameter(property = "poolbench.springProfiles")
    List<String> springProfiles;

    /**
     * Values for placeholders such as {@code ${DB_URL}} (then the environment's, for a placeholder the files name),
     * or a change to try: each
     * is a Spring property above the files ({@code --set}) and a system property for a context.xml's
     * {@code ${name}} (as Tomcat reads them). Passwords need no real value: the pool is built against a stub driver.
     */
    @Parameter
    Map<String, String> properties;

    /** More of the command's own options, as on its command line (e.g. {@code --promote-s}, {@code 60}). */
    @Parameter
    List<String> arguments;

    /** Where the goal's pages go. */
    @Parameter(defaultValue = "${project.build.directory}/poolbench", property = "poolbench.outputDirectory")
    File outputDirectory;

    /** Leaves the goal out. */
    @Parameter(defaultValue = "false", property = "poolbench.skip")
    boolean skip;

    /**
     * @return the configuration files to read, each an existing file
     * @throws MojoExecutionException one line when a given file is missing or none of the defaults exists
     */
    List<Path> configurations() throws MojoExecutionException {
        Path base = project.getBasedir().toPath();
        if (configurations != null && !configurations.isEmpty()) {
            for (File f : configurations) {
                if (!f.isFile()) {
                    throw new MojoExecutionException("poolbench: configuration " + f + " is not a file: give an"
                            + " application.yml / .properties or a context.xml in <configurations>");
                }
            }
            return configurations.stream().map(File::toPath).toList();
        }
        return DEFAULT_FILES.stream().map(base::resolve).filter(Files::isRegularFile).findFirst().map(List::of)
                .orElseThrow(() -> new MojoExecutionException("poolbench: none of " + String.join(", ",
                        DEFAULT_FILES) + " in " + base + ": give the service's pool configuration in"
                        + " <configurations>"));
    }

    /**
     * @param files the configuration files
     * @param values the placeholders' values ({@link #placeholders})
     * @return the options that bind a Spring file: {@code --spring-profile}, one {@code --set} per value
     */
    List<String> springOptions(List<Path> files, Map<String, String> values) {
        List<String> out = new ArrayList<>();
        if (files.stream().noneMatch(f -> ProfileDir.isSpringFile(f.toString()))) {
            return out;
        }
        if (springProfiles != null && !springProfiles.isEmpty()) {
            out.addAll(List.of("--spring-profile", String.join(",", springProfiles)));
        }
        values.forEach((k, v) -> out.addAll(List.of("--set", k + "=" + v)));
        return out;
    }

    /** A placeholder's name in a configuration file: {@code ${DB_URL}}, {@code ${db.password:-x}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_.\\-]+)");
    /** Names whose value a check never needs and never passes on: the pool is built against a stub driver. */
    private static final Pattern SECRET = Pattern.compile("(?i).*(pass|secret|token|credential).*");

    /**
     * @param files the configuration files
     * @return the placeholders' values: {@code <properties>} first, then, for each placeholder a file names that the
     *     environment has, the environment's value (a secret's as {@code unused}: it never leaves this JVM)
     * @throws MojoExecutionException when a file cannot be read
     */
    Map<String, String> placeholders(List<Path> files) throws MojoExecutionException {
        Map<String, String> out = properties == null ? new LinkedHashMap<>() : new LinkedHashMap<>(properties);
        for (Path f : files) {
            try {
                Matcher m = PLACEHOLDER.matcher(Files.readString(f));
                while (m.find()) {
                    String name = m.group(1);
                    String value = System.getenv(name);
                    if (!out.containsKey(name) && value != null) {
                        boolean secret = SECRET.matcher(name).matches();
                        out.put(name, secret ? "unused" : value);
                        getLog().info("poolbench: ${" + name + "} from the environment"
                                + (secret ? " (a secret: given to the check as 'unused')" : ""));
                    }
                }
            } catch (IOException e) {
                throw new MojoExecutionException("poolbench: cannot read " + f + ": " + e.getMessage(), e);
            }
        }
        return out;
    }

    /**
     * Runs one {@code poolbench} command in a JVM of its own, the service's jars first on its class path; its output
     * goes to Maven's log, line by line, and to {@code log}.
     *
     * @param service the service's jars
     * @param values the placeholders' values, each a system property of the command's JVM (a context.xml's
     *     {@code ${name}}, as Tomcat reads them)
     * @param args the command and its options
     * @param log the file that keeps the output
     * @param lines receives each output line, may be null
     * @return the command's exit code
     * @throws MojoExecutionException when it cannot start or does not end within {@link #CHILD_SECONDS}
     */
    int run(ServiceJars service, Map<String, String> values, List<String> args, Path log, List<String> lines)
            throws MojoExecutionException {
        List<String> cp = Stream.concat(service.jars().stream(), pluginArtifacts.stream().map(Artifact::getFile))
                .map(File::getPath).toList();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + CheckedPool.SERVICE_JARS_PROPERTY + "=" + String.join(",",
                        service.coordinates())));
        values.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, cp), "io.poolbench.suite.PoolbenchMain"));
        cmd.addAll(args);
        try {
            Process p = Children.start(cmd, testcontainersEnvironment(), log, line -> {
                getLog().info(line);
                if (lines != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            }, project.getBasedir().toPath());
            try {
                if (!p.waitFor(CHILD_SECONDS, TimeUnit.SECONDS)) {
                    throw new MojoExecutionException("poolbench " + args.get(0) + " did not end within "
                            + CHILD_SECONDS + " s: see " + log);
                }
                Children.awaitOutput(p);
                return p.exitValue();
            } finally {
                p.destroyForcibly();
            }
        } catch (IOException e) {
            throw new MojoExecutionException("poolbench " + args.get(0) + " cannot start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("poolbench " + args.get(0) + " was interrupted", e);
        }
    }

    /**
     * @return what the {@code ./poolbench} script sets for Testcontainers, unless the build's environment says
     *     otherwise: every poolbench command first looks for containers of killed runs when a Docker engine answers,
     *     and Testcontainers' reaper would otherwise be pulled from a registry the machine may not reach
     */
    static Map<String, String> testcontainersEnvironment() {
        return Map.of("TESTCONTAINERS_RYUK_DISABLED", System.getenv().getOrDefault("TESTCONTAINERS_RYUK_DISABLED",
                "true"), "TESTCONTAINERS_HOST_OVERRIDE", System.getenv().getOrDefault("TESTCONTAINERS_HOST_OVERRIDE",
                "localhost"));
    }

    /** @return the service's pool, driver and Spring jars, said in the log */
    ServiceJars serviceJars() {
        ServiceJars s = ServiceJars.of(project.getArtifacts());
        getLog().info("poolbench: the service's build resolves " + s.text() + "; the check reads these versions");
        return s;
    }

    /** @return the last line of a command's output that says what went wrong, for a failed build's one line */
    static String lastLine(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i).trim();
            }
        }
        return "no output";
    }
}
