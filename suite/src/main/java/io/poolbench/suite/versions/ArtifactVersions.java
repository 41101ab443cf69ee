package io.poolbench.suite.versions;

import io.poolbench.testbed.TestbedException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession.CloseableSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

/**
 * Another version of a pool or driver than the one poolbench pins, fetched as Maven itself fetches it: Maven Resolver
 * (with its Maven 3 supplier) from the local repository ({@code ~/.m2/repository}), else from Maven Central into it.
 * Only the artifact's own jar: its dependencies (slf4j, the JDBC API) are the ones on poolbench's class path, so a
 * variant differs from the pinned version in the pool's (or driver's) own code alone.
 */
public final class ArtifactVersions {
    /** Maven Central, as Maven's super POM names it. */
    static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    private ArtifactVersions() {
    }

    /**
     * @param coordinates {@code groupId:artifactId:version}
     * @return the jar in the local repository
     * @throws TestbedException one line naming the coordinates when the artifact cannot be resolved
     */
    public static Path jar(String coordinates) {
        RepositorySystem system = new RepositorySystemSupplier().get();
        try (CloseableSession session = new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(Path.of(System.getProperty("user.home"), ".m2", "repository"))
                .build()) {
            RemoteRepository central = new RemoteRepository.Builder("central", "default", CENTRAL).build();
            return system.resolveArtifact(session, new ArtifactRequest(new DefaultArtifact(coordinates),
                    List.of(central), null)).getArtifact().getPath();
        } catch (ArtifactResolutionException | IllegalArgumentException e) {
            throw new TestbedException(coordinates + " cannot be resolved from ~/.m2/repository or Maven Central ("
                    + firstLine(e.getMessage()) + "): check the version on central.sonatype.com");
        } finally {
            system.shutdown();
        }
    }

    /**
     * A class loader of the jar alone, above the platform's (not poolbench's class path): a class of the pool loaded
     * from it is that version's own.
     *
     * @param jar the jar
     * @return the loader; the caller closes it
     */
    public static URLClassLoader isolated(Path jar) {
        try {
            return new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        } catch (MalformedURLException e) {
            throw new TestbedException(jar + ": not a file the class loader can read (" + e.getMessage() + ")");
        }
    }

    /**
     * The one reading of a list of two versions, for every command that takes one ({@code check --pool-version},
     * {@code --driver-version}, {@code borrowers --pool-version}): each a Maven version (letters, digits, {@code .},
     * {@code -}, {@code _}, {@code +}; no coordinates such as {@code jar:7.0.2}), the two different under Maven's own
     * ordering ({@code 7.0.2} and {@code 7.0.2.0} are one version), returned older first.
     *
     * @param option the option and what it was given, for the refusal, e.g. {@code --pool-version hikari=7.0.2,x}
     * @param versions what was given, blanks and surrounding spaces left out
     * @param example two versions the refusal suggests, e.g. {@code 7.0.2,7.1.0}
     * @return the two versions, older first
     * @throws TestbedException one line when there are not two, one is no version, or they are the same version
     */
    public static List<String> pair(String option, List<String> versions, String example) {
        List<String> vs = versions.stream().map(String::trim).filter(v -> !v.isEmpty()).toList();
        if (vs.size() != 2) {
            throw new TestbedException(option + ": give two versions, e.g. " + example);
        }
        for (String v : vs) {
            if (!v.matches("[0-9A-Za-z][0-9A-Za-z._+-]*")) {
                throw new TestbedException(option + ": " + v + " is no version (a version only, e.g. " + example
                        + "; the artifact is the pool's or driver's own)");
            }
        }
        GenericVersionScheme scheme = new GenericVersionScheme();
        try {
            Version a = scheme.parseVersion(vs.get(0));
            Version b = scheme.parseVersion(vs.get(1));
            int c = a.compareTo(b);
            if (c == 0) {
                throw new TestbedException(option + ": " + vs.get(0) + " and " + vs.get(1) + " are one version;"
                        + " give two different versions, e.g. " + example);
            }
            return c < 0 ? vs : List.of(vs.get(1), vs.get(0));
        } catch (InvalidVersionSpecificationException e) {
            throw new TestbedException(option + ": " + e.getMessage());
        }
    }

    private static String firstLine(String s) {
        return s == null ? "no message" : s.lines().findFirst().orElse(s);
    }
}
