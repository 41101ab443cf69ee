package io.poolbench.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.artifact.DefaultArtifact;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.junit.jupiter.api.Test;

class ServiceJarsTest {
    private static Artifact jar(String ga, String version, String... trail) {
        String[] p = ga.split(":");
        Artifact a = new DefaultArtifact(p[0], p[1], version, "compile", "jar", null, new DefaultArtifactHandler("jar"));
        a.setFile(new File(p[1] + "-" + version + ".jar"));
        a.setDependencyTrail(List.of(trail));
        return a;
    }

    @Test
    void takesTheCatalogsPoolsAndDriversWhatTheyBringAndSpringButNotLoggingOrTheRest() {
        String service = "example:orders:jar:1.0";
        List<Artifact> resolved = List.of(
                jar("org.springframework.boot:spring-boot", "3.5.7", service, "org.springframework.boot:spring-boot:jar:3.5.7"),
                jar("com.zaxxer:HikariCP", "6.3.3", service, "org.springframework.boot:spring-boot-starter-jdbc:jar:3.5.7",
                        "com.zaxxer:HikariCP:jar:6.3.3"),
                jar("org.slf4j:slf4j-api", "2.0.17", service, "com.zaxxer:HikariCP:jar:6.3.3", "org.slf4j:slf4j-api:jar:2.0.17"),
                jar("org.apache.commons:commons-dbcp2", "2.12.0", service, "org.apache.commons:commons-dbcp2:jar:2.12.0"),
                jar("org.apache.commons:commons-pool2", "2.12.0", service, "org.apache.commons:commons-dbcp2:jar:2.12.0",
                        "org.apache.commons:commons-pool2:jar:2.12.0"),
                jar("com.mysql:mysql-connector-j", "9.4.0", service, "com.mysql:mysql-connector-j:jar:9.4.0"),
                jar("com.fasterxml.jackson.core:jackson-databind", "2.19.2", service,
                        "com.fasterxml.jackson.core:jackson-databind:jar:2.19.2"));
        ServiceJars s = ServiceJars.of(resolved);
        assertEquals(List.of("spring-boot-3.5.7.jar", "HikariCP-6.3.3.jar", "commons-dbcp2-2.12.0.jar",
                "commons-pool2-2.12.0.jar", "mysql-connector-j-9.4.0.jar"), s.jars().stream().map(File::getName).toList());
        assertEquals(List.of("com.zaxxer:HikariCP", "org.apache.commons:commons-dbcp2", "com.mysql:mysql-connector-j"),
                s.coordinates());
        assertEquals("com.zaxxer:HikariCP 6.3.3, org.apache.commons:commons-dbcp2 2.12.0, com.mysql:mysql-connector-j 9.4.0",
                s.text());
    }
}
