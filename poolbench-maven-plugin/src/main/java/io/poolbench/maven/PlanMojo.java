package io.poolbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code poolbench:plan}: {@code poolbench plan} on the service's own configuration at its own versions: the borrow
 * wait, the response time and the knee at the service's arrival rate, predicted by the queueing model. Writes
 * {@code plan.md} (one {@code plan-<file>.md} per configuration when there are several) into
 * {@code outputDirectory}; it never fails the build on a figure. Bound to {@code verify} by default.
 */
@Mojo(name = "plan", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
        threadSafe = true)
public final class PlanMojo extends PoolbenchMojo {
    /** The service's requests per second. */
    @Parameter(property = "poolbench.ratePerSecond", required = true)
    double ratePerSecond;

    /** Server time of one query, ms (plan's default: the Aurora article's short screen, 8). */
    @Parameter(property = "poolbench.queryMs")
    Double queryMs;

    /** Queries one request runs (plan's default 5). */
    @Parameter(property = "poolbench.queriesPerRequest")
    Integer queriesPerRequest;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("poolbench: plan skipped (poolbench.skip)");
            return;
        }
        List<Path> files = configurations();
        ServiceJars service = serviceJars();
        Map<String, String> values = placeholders(files);
        for (Path f : files) {
            List<String> args = new ArrayList<>(List.of("plan", "--profile", f.toString(), "--rate",
                    String.valueOf(ratePerSecond)));
            if (queryMs != null) {
                args.addAll(List.of("--query-ms", String.valueOf(queryMs)));
            }
            if (queriesPerRequest != null) {
                args.addAll(List.of("--queries-per-request", String.valueOf(queriesPerRequest)));
            }
            args.addAll(springOptions(List.of(f), values));
            if (arguments != null) {
                args.addAll(arguments);
            }
            String name = files.size() == 1 ? "plan" : "plan-" + f.getFileName().toString().replaceAll("\\W", "-");
            Path page = outputDirectory.toPath().resolve(name + ".md");
            List<String> lines = new ArrayList<>();
            int code = run(service, values, args, outputDirectory.toPath().resolve(name + ".log"), lines);
            if (code != 0) {
                throw new MojoExecutionException("poolbench plan failed (exit " + code + "): " + lastLine(lines));
            }
            try {
                Files.writeString(page, String.join("\n", lines) + "\n");
            } catch (IOException e) {
                throw new MojoExecutionException("poolbench: cannot write " + page + ": " + e.getMessage(), e);
            }
            getLog().info("poolbench: " + page);
        }
    }
}
