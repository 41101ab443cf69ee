package io.poolbench.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code poolbench:check}: {@code poolbench check} on the service's own configuration, at the pool, driver and
 * Spring Boot versions of the service's resolved dependencies. Writes {@code check.md} and {@code check.json} into
 * {@code outputDirectory} ({@code target/poolbench}) and fails the build when a predicted wait of a fault passes
 * {@code maxHangSeconds} (a wait without limit always passes it). Bound to {@code verify} by default.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class CheckMojo extends PoolbenchMojo {
    /** The check's exit code for a predicted wait above {@code --max-hang-s} (docs/reference/cli.md). */
    static final int ABOVE_MAX_HANG = 3;

    /** Fail the build when a predicted longest wait is above this many seconds; without it the build never fails. */
    @Parameter(property = "poolbench.maxHangSeconds")
    Long maxHangSeconds;

    /** The service's requests per second that borrow a connection (the backlog a stall leaves). */
    @Parameter(property = "poolbench.ratePerSecond")
    Double ratePerSecond;

    /** How long a request holds its connection, ms (used with {@code ratePerSecond}; check's default 10). */
    @Parameter(property = "poolbench.requestHoldMs")
    Double requestHoldMs;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("poolbench: check skipped (poolbench.skip)");
            return;
        }
        List<Path> files = configurations();
        List<String> args = new ArrayList<>(List.of("check"));
        files.forEach(f -> args.add(f.toString()));
        args.addAll(List.of("--out", outputDirectory.getPath()));
        if (maxHangSeconds != null) {
            args.addAll(List.of("--max-hang-s", String.valueOf(maxHangSeconds)));
        }
        if (ratePerSecond != null) {
            args.addAll(List.of("--rate", String.valueOf(ratePerSecond)));
        }
        if (requestHoldMs != null) {
            args.addAll(List.of("--request-hold-ms", String.valueOf(requestHoldMs)));
        }
        Map<String, String> values = placeholders(files);
        args.addAll(springOptions(files, values));
        if (arguments != null) {
            args.addAll(arguments);
        }
        List<String> lines = new ArrayList<>();
        int code = run(serviceJars(), values, args, outputDirectory.toPath().resolve("check.log"), lines);
        Path page = outputDirectory.toPath().resolve("check.md");
        if (code == ABOVE_MAX_HANG) {
            String why = lines.stream().filter(l -> l.contains("is above --max-hang-s")).findFirst()
                    .orElse(lastLine(lines));
            throw new MojoFailureException(why.replace("--max-hang-s", "maxHangSeconds") + " s: see " + page);
        }
        if (code != 0) {
            throw new MojoExecutionException("poolbench check failed (exit " + code + "): " + lastLine(lines));
        }
        getLog().info("poolbench: " + page + " and check.json");
    }
}
