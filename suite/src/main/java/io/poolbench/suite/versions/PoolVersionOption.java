package io.poolbench.suite.versions;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --pool-version PROFILE=V1,V2}: a profile's pool at two versions side by side, for the commands that run
 * profiles as variants ({@code borrowers}, {@code compare}). Each version's jar comes from {@link ArtifactVersions}
 * and goes first on the class path of the process that runs the variant, so that the pool's own code is that
 * version's and everything else (driver, slf4j, poolbench) stays the same.
 */
public final class PoolVersionOption {
    @Option(names = "--pool-version", split = ";", paramLabel = "PROFILE=V1,V2",
            description = "Two versions of a profile's pool to run side by side (e.g. hikari=7.0.2,7.1.0), fetched"
                    + " by Maven Resolver from ~/.m2 or Maven Central; the ratios set the newer over the older."
                    + " Separate several profiles with ';'.")
    List<String> given = new ArrayList<>();

    /**
     * One version of a profile's pool: the version and its jar.
     *
     * @param version the version, e.g. {@code 7.0.2}
     * @param jar that version's jar in the local repository, to put first on a class path
     */
    public record PoolJar(String version, Path jar) {
    }

    /**
     * Reads the option against the profiles a run has: each name given must be among them, a pool with a Maven
     * artifact of its own, with two versions ({@link ArtifactVersions#pair}); nothing is fetched.
     *
     * @param profiles the run's profiles
     * @return per profile name, its two versions, older first, in the order given; empty without the option
     * @throws TestbedException one line for a profile not run, a pool without an artifact, or versions not two
     */
    public Map<String, List<String>> versions(List<PoolProfile> profiles) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String pv : given) {
            int eq = pv.indexOf('=');
            String name = eq < 0 ? pv.trim() : pv.substring(0, eq).trim();
            PoolProfile p = profiles.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(() ->
                    new TestbedException("--pool-version " + pv + ": " + name + " is not among --profiles"));
            List<String> vs = ArtifactVersions.pair("--pool-version " + pv, eq < 0 ? List.of()
                    : List.of(pv.substring(eq + 1).split(",")), name + "=7.0.2,7.1.0");
            if (p.kind().mavenArtifact() == null) {
                throw new TestbedException("--pool-version " + pv + ": " + p.kind().adapter().displayName()
                        + " has no pool artifact of its own to fetch another version of");
            }
            out.put(name, vs);
        }
        return out;
    }

    /**
     * Reads the option and fetches each version's jar.
     *
     * @param profiles the run's profiles
     * @return per profile name, its two versions with their jars, older first; empty without the option
     * @throws TestbedException one line as {@link #versions} says, or for a version Maven Resolver cannot fetch
     */
    public Map<String, List<PoolJar>> jars(List<PoolProfile> profiles) {
        Map<String, List<PoolJar>> out = new LinkedHashMap<>();
        versions(profiles).forEach((name, vs) -> {
            String artifact = profiles.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow()
                    .kind().mavenArtifact();
            out.put(name, vs.stream().map(v -> new PoolJar(v, ArtifactVersions.jar(artifact + ":" + v))).toList());
        });
        return out;
    }
}
