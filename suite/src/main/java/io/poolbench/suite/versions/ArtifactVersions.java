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

    private static String firstLine(String s) {
        return s == null ? "no message" : s.lines().findFirst().orElse(s);
    }
}
