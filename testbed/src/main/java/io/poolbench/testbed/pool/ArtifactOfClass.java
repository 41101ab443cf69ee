package io.poolbench.testbed.pool;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * Which version of a Maven artifact a class was loaded from: the {@code pom.properties} Maven writes into every jar
 * it builds ({@code META-INF/maven/GROUP/ARTIFACT/pom.properties}), read from the jar the class itself came from (its
 * code source), so that two versions loaded side by side each answer for themselves. HikariCP's manifest has no
 * {@code Implementation-Version}, so {@link Package#getImplementationVersion()} cannot tell them apart.
 */
public final class ArtifactOfClass {
    private ArtifactOfClass() {
    }

    /**
     * The version of the jar a class came from, by what the jar says of itself: Maven's {@code pom.properties} of
     * the artifact, else the manifest's {@code Implementation-Version}, else its OSGi {@code Bundle-Version} (Tomcat's
     * jars, built by Ant, carry no {@code pom.properties}). A shaded jar's manifest is its own, not the class's:
     * there only {@code pom.properties} counts.
     *
     * @param c a class
     * @param coordinates its artifact, {@code groupId:artifactId}
     * @return the version; null when the jar names none (c3p0's, or a shaded jar without the artifact's
     *     {@code pom.properties}) or the class came from no jar
     */
    public static String versionOf(Class<?> c, String coordinates) {
        Path jar = jarOf(c);
        if (jar == null) {
            return null;
        }
        try (JarFile f = new JarFile(jar.toFile())) {
            String[] ga = coordinates.split(":");
            String v = ga.length == 2 ? pomVersion(f, ga[0], ga[1]) : null;
            var manifest = f.getManifest();
            // a jar with other artifacts' pom.properties is a shaded one: its manifest speaks for the whole
            if (v != null || manifest == null || f.stream().anyMatch(e -> e.getName().startsWith("META-INF/maven/"))) {
                return v;
            }
            String impl = manifest.getMainAttributes().getValue("Implementation-Version");
            return impl != null ? impl : manifest.getMainAttributes().getValue("Bundle-Version");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * @param c a class
     * @param groupId the artifact's group, e.g. {@code com.zaxxer}
     * @param artifactId the artifact, e.g. {@code HikariCP}
     * @return the version in the {@code pom.properties} of that artifact in the jar {@code c} was loaded from; null
     *     when the class came from no jar or the jar holds no such file (a shaded jar keeps every artifact's file)
     */
    public static String version(Class<?> c, String groupId, String artifactId) {
        Path jar = jarOf(c);
        if (jar == null) {
            return null;
        }
        try (JarFile f = new JarFile(jar.toFile())) {
            return pomVersion(f, groupId, artifactId);
        } catch (IOException e) {
            return null;
        }
    }

    /** @return the jar {@code c} was loaded from; null when it came from a directory or from nowhere */
    private static Path jarOf(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return null;
        }
        try {
            Path jar = Path.of(cs.getLocation().toURI());
            return Files.isRegularFile(jar) ? jar : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** @return the version in the jar's {@code pom.properties} of that artifact; null without one */
    private static String pomVersion(JarFile f, String groupId, String artifactId) throws IOException {
        var entry = f.getEntry("META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties");
        if (entry == null) {
            return null;
        }
        try (InputStream in = f.getInputStream(entry)) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        }
    }
}
