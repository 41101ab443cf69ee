package io.poolbench.maven;

import io.poolbench.testbed.fault.DriverTimeouts;
import io.poolbench.testbed.pool.PoolKind;
import java.io.File;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;

/**
 * The jars of a service's own resolved dependencies that decide what {@code poolbench check} reads: every pool and
 * JDBC driver of poolbench's catalog the service's build resolves, with what each of them depends on (DBCP2's
 * commons-pool2, Tomcat JDBC's juli), and Spring Boot's binder with the Spring Framework under it. Put before
 * poolbench's own jars on a check's class path, they answer for the service: its HikariCP, its Connector/J, its
 * Spring Boot. Logging jars stay poolbench's, which reads the pool's warnings through its own SLF4J binding.
 *
 * @param jars the jar files, in the build's order
 * @param found {@code groupId:artifactId version} of each catalog pool and driver among them
 * @param coordinates {@code groupId:artifactId} of each catalog pool and driver among them
 */
public record ServiceJars(List<File> jars, List<String> found, List<String> coordinates) {
    /** Spring Boot's binder and the framework under it, taken whole from the service (same release train). */
    static final Set<String> SPRING_GROUPS = Set.of("org.springframework", "org.springframework.boot",
            "io.micrometer", "org.yaml");
    /** Logging: poolbench's own binding reads the pool's warnings, so a pool's logging jar is not taken. */
    static final Set<String> LOGGING_GROUPS = Set.of("org.slf4j", "ch.qos.logback", "org.apache.logging.log4j",
            "commons-logging");

    /**
     * @return every pool's and driver's {@code groupId:artifactId} in poolbench's catalog ({@link PoolKind},
     *     {@link DriverTimeouts#driverArtifacts()})
     */
    static Set<String> catalog() {
        return Stream.concat(Stream.of(PoolKind.values()).map(PoolKind::mavenArtifact).filter(Objects::nonNull),
                DriverTimeouts.driverArtifacts().stream()).collect(Collectors.toSet());
    }

    /**
     * @param artifacts the service's resolved artifacts (Maven's {@code project.getArtifacts()}, with their
     *     dependency trails)
     * @return the jars among them that a check takes from the service
     */
    public static ServiceJars of(Collection<Artifact> artifacts) {
        Set<String> catalog = catalog();
        List<File> jars = new ArrayList<>();
        List<String> found = new ArrayList<>();
        List<String> coordinates = new ArrayList<>();
        for (Artifact a : artifacts) {
            String ga = a.getGroupId() + ":" + a.getArtifactId();
            if (a.getFile() == null || !"jar".equals(a.getType())) {
                continue;
            }
            if (catalog.contains(ga)) {
                jars.add(a.getFile());
                found.add(ga + " " + a.getBaseVersion());
                coordinates.add(ga);
            } else if (SPRING_GROUPS.contains(a.getGroupId())
                    || (!LOGGING_GROUPS.contains(a.getGroupId()) && underCatalogJar(a, catalog))) {
                jars.add(a.getFile());
            }
        }
        return new ServiceJars(List.copyOf(jars), List.copyOf(found), List.copyOf(coordinates));
    }

    /** @return whether a catalog pool or driver brought the artifact in (it is on its dependency trail) */
    private static boolean underCatalogJar(Artifact a, Set<String> catalog) {
        List<String> trail = a.getDependencyTrail();
        if (trail == null) {
            return false;
        }
        // each entry is groupId:artifactId:type:version; the first is the project, the last the artifact itself
        return trail.subList(Math.min(1, trail.size()), Math.max(1, trail.size() - 1)).stream().map(t -> {
            String[] parts = t.split(":");
            return parts.length < 2 ? "" : parts[0] + ":" + parts[1];
        }).anyMatch(catalog::contains);
    }

    /** @return e.g. {@code com.zaxxer:HikariCP 6.3.3, com.mysql:mysql-connector-j 9.4.0}, or "none" */
    public String text() {
        return found.isEmpty() ? "none of poolbench's catalog" : String.join(", ", found);
    }
}
