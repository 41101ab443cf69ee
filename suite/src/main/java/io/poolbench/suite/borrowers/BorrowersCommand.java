package io.poolbench.suite.borrowers;

import io.poolbench.suite.process.Artifacts;
import io.poolbench.suite.process.Children;
import io.poolbench.suite.versions.ArtifactVersions;
import io.poolbench.suite.versions.PoolVersionOption;
import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.options.BorrowerLoadOptions;
import io.poolbench.testbed.options.MySqlImageOption;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.options.ProfilesOption;
import io.poolbench.testbed.options.RoundsOption;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.run.ScenarioCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code poolbench borrowers}: many borrowers on virtual and platform threads, per pool and version (see
 * {@link BorrowersExperiment}).
 */
@Command(name = "borrowers",
        description = "Many borrowers against few connections on the stub driver or a database (--db), per pool, on"
                + " virtual and on platform threads (JDK 21+: --java), a pool at two versions (--pool-version) and a"
                + " driver at two (--driver-version), fetched by Maven Resolver: borrows per ms, CPU per borrow,"
                + " pinned virtual threads with their pinned time, and spinning, in rounds. E.g. --profiles hikari"
                + " --pool-version hikari=7.0.2,7.1.0; --db mysql --driver-version 8.0.33,9.4.0.")
public final class BorrowersCommand extends ScenarioCommand {
    @Mixin
    ProfilesOption profiles;

    @Mixin
    PoolVersionOption poolVersions;

    @Option(names = "--threads", split = ",", defaultValue = "virtual,platform", paramLabel = "KIND",
            description = "virtual, platform or both (default ${DEFAULT-VALUE}).")
    List<String> threads;

    @Mixin
    BorrowerLoadOptions load;

    @Option(names = "--hold-us", split = ",", defaultValue = "0", paramLabel = "US",
            description = "How long a borrower holds its connection, µs (default ${DEFAULT-VALUE}: returned at once).")
    List<Long> holdsUs;

    @Option(names = "--db", defaultValue = "stub", paramLabel = "KIND", description = "Database: stub (the stub"
            + " driver, no network; default), embedded (PostgreSQL, no Docker) or mysql (Testcontainers): with a"
            + " database each borrow runs SELECT 1, the driver's own socket I/O.")
    String db;

    @Option(names = "--driver-version", split = ",", paramLabel = "V1,V2", description = "--db embedded or mysql: two"
            + " versions of its driver (org.postgresql:postgresql, com.mysql:mysql-connector-j) side by side, fetched"
            + " by Maven Resolver; e.g. --db mysql --driver-version 8.0.33,9.4.0.")
    List<String> driverVersions = new ArrayList<>();

    @Mixin
    RoundsOption rounds;

    @Option(names = "--carriers", paramLabel = "N", description = "Carrier threads of the probes' virtual threads"
            + " (jdk.virtualThreadScheduler.parallelism; default: the JVM's, one per core). More than"
            + " the cores shows what a pool's spin does where a report saw it, e.g. 8 on a machine of 2.")
    Integer carriers;

    @Mixin
    MySqlImageOption mysqlImage;

    @Option(names = "--java", paramLabel = "JAVA", description = "The JVM the probes run on (default: this one;"
            + " virtual threads need JDK 21 or newer, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java).")
    String javaPath;

    /** @return {@code --profiles}: every pooled profile of the catalog */
    @Override
    protected Map<String, String> optionDefaults() {
        return Map.of("--profiles", String.join(",", PoolKind.pooledProfiles()));
    }

    @Override
    public Integer call() throws Exception {
        BorrowerLoadOptions.Load l = load.load();
        Cli.rangeEach("--hold-us", holdsUs, 0, 1_000_000);
        if (carriers != null) {
            Cli.range("--carriers", carriers, 1, 256);
        }
        List<String> kinds = threadKinds(threads);
        String jvm = javaPath == null ? Children.java() : javaPath;
        if (kinds.contains("virtual")) {
            JavaVersion.requireVirtualThreads(jvm);
        }
        Path conf = ProfileDir.resolve(null);
        List<PoolProfile> pps = Profiles.load(profiles.orElse(PoolKind.pooledProfiles()), conf,
                Profiles.pooled("borrowers need a pool"));
        Map<String, List<String>> versions = poolVersions.versions(pps);
        String driverArtifact = BorrowersSettings.driverArtifact(db);
        List<String> dvs = driverVersions.isEmpty() ? Collections.singletonList(null)
                : ArtifactVersions.pair("--driver-version", driverVersions, "8.0.33,9.4.0");
        if (driverArtifact == null && !driverVersions.isEmpty()) {
            throw new TestbedException("--driver-version: the stub driver has no versions; give --db embedded or mysql");
        }
        Artifacts art = Artifacts.locate(runDir.root);
        // each jar fetched once: the pools' versions per profile, the driver's versions for all of them
        Map<String, List<PoolVersionOption.PoolJar>> poolJars = poolVersions.jars(pps);
        Map<String, Path> driverJars = new HashMap<>();
        for (String dv : dvs) {
            if (dv != null) {
                driverJars.put(dv, ArtifactVersions.jar(driverArtifact + ":" + dv));
            }
        }
        List<Variant> variants = new ArrayList<>();
        for (PoolProfile p : pps) {
            String artifact = p.kind().mavenArtifact();
            for (PoolVersionOption.PoolJar v : poolJars.getOrDefault(p.name(), Collections.singletonList(null))) {
                for (String dv : dvs) {
                    for (String t : kinds) {
                        for (long hold : holdsUs) {
                            variants.add(new Variant(p.name(), p.file(), artifact, v == null ? null : v.version(),
                                    v == null ? null : v.jar(), dv, driverJars.get(dv), t, hold));
                        }
                    }
                }
            }
        }
        BorrowersSettings s = new BorrowersSettings(pps.stream().map(x -> x.file().toString()).toList(), versions,
                db, driverVersions, kinds, l.borrowers(), l.poolSize(), holdsUs, l.warmupSeconds(), l.seconds(),
                rounds.orElse(3), jvm, mysqlImage.image(), carriers == null ? 0 : carriers);
        return run(new BorrowersExperiment(s, variants, art.benchmarksJar()));
    }

    /**
     * @param given {@code --threads} as typed, split at commas
     * @return the thread kinds, each once, in the given order; {@code both} stands for virtual, then platform
     * @throws TestbedException one line for another word
     */
    static List<String> threadKinds(List<String> given) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String t : given) {
            switch (t.trim()) {
                case "virtual", "platform" -> out.add(t.trim());
                case "both" -> out.addAll(List.of("virtual", "platform"));
                default -> throw new TestbedException("--threads " + t + ": give virtual, platform or both");
            }
        }
        return List.copyOf(out);
    }
}
