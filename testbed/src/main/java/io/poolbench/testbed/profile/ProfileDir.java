package io.poolbench.testbed.profile;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where pool profiles (context.xml files) are found when a command is given a profile name rather than a path.
 *
 * <p>In this order: the directory a command was given ({@code --conf-dir}); the directory of system property
 * {@code poolbench.conf}; {@code webapp/conf} or {@code ../webapp/conf} relative to the working directory (a
 * clone of the project, where the profiles can be edited); else the copy of {@code webapp/conf} packaged in the
 * testbed jar under {@value #PACKAGED}, so that {@code java -jar} works from any directory. A packaged profile
 * is read in place (a path inside the jar); its name in reports is its file name.
 */
public final class ProfileDir {
    /** Class-path folder that holds the packaged copy of {@code webapp/conf} (see testbed's pom). */
    public static final String PACKAGED = "io/poolbench/testbed/conf";

    private ProfileDir() {
    }

    /**
     * @param path a file name or path a user gave for a pool's configuration
     * @return true for a Spring Boot file ({@code .properties}, {@code .yml}, {@code .yaml}), which {@code check} and
     *     {@code plan} bind with Spring Boot; every other command reads a Tomcat context.xml
     */
    public static boolean isSpringFile(String path) {
        return path.matches("(?i).*\\.(properties|ya?ml)");
    }

    /**
     * @param given the directory a command was given, or null
     * @return the profile directory (see class comment)
     * @throws TestbedException when {@code given} or {@code poolbench.conf} names no directory
     */
    public static Path resolve(Path given) {
        if (given != null) {
            return existing(given, "--conf-dir");
        }
        String prop = System.getProperty("poolbench.conf");
        if (prop != null) {
            return existing(Path.of(prop), "-Dpoolbench.conf");
        }
        for (String c : new String[] {"webapp/conf", "../webapp/conf"}) {
            if (Files.isDirectory(Path.of(c))) {
                return Path.of(c);
            }
        }
        return packaged();
    }

    /**
     * @return the packaged copy of the profiles: a directory under {@code target/classes} in a build tree, or a
     *     path inside the jar
     * @throws TestbedException when the class path holds no packaged profiles (a broken build)
     */
    public static Path packaged() {
        URL url = ProfileDir.class.getClassLoader().getResource(PACKAGED + "/hikari.xml");
        if (url == null) {
            throw new TestbedException("no profile directory: neither webapp/conf nor ../webapp/conf exists here and"
                    + " the class path has no packaged profiles; pass --conf-dir DIR or run from the project");
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                FileSystem fs;
                try {
                    fs = FileSystems.newFileSystem(uri, Map.of());
                } catch (FileSystemAlreadyExistsException e) {
                    fs = FileSystems.getFileSystem(uri);
                }
                return fs.getPath("/" + PACKAGED);
            }
            return Path.of(uri).getParent();
        } catch (URISyntaxException | IOException e) {
            throw new TestbedException("cannot open the packaged profiles at " + url + ": " + e.getMessage()
                    + "; pass --conf-dir DIR", e);
        }
    }

    private static Path existing(Path dir, String source) {
        if (!Files.isDirectory(dir)) {
            throw new TestbedException(source + " " + dir + " is not a directory: pass the directory that holds the"
                    + " profiles (e.g. webapp/conf)");
        }
        return dir;
    }

    /**
     * @param p a path that is not a regular file
     * @return why, in words: {@code is a directory}, {@code is not a regular file (a device, pipe or socket)} or
     *     {@code does not exist}
     */
    /**
     * Why a path given as a file cannot be read as one, in words for the line that refuses it.
     *
     * @param p the path
     * @return e.g. {@code is a directory}, {@code is a symbolic link that leads to itself}, {@code does not exist}
     */
    public static String notAFile(Path p) {
        if (Files.isDirectory(p)) {
            return "is a directory";
        }
        if (Files.isSymbolicLink(p) && !Files.exists(p)) {
            try {
                p.toRealPath();
                return "is a symbolic link to nothing";
            } catch (java.nio.file.FileSystemException e) {
                return e.getReason() != null && e.getReason().contains("symbolic links")
                        ? "is a symbolic link that leads to itself (a loop)" : "is a symbolic link to nothing";
            } catch (IOException e) {
                return "is a symbolic link to nothing";
            }
        }
        if (!Files.exists(p)) {
            return "does not exist";
        }
        return Files.isRegularFile(p) ? "cannot be read (no read permission for this user)"
                : "is not a regular file (a device, pipe or socket)";
    }

    /**
     * @param p a path given as a file
     * @return true when it is a regular file this process may read
     */
    public static boolean readableFile(Path p) {
        return Files.isRegularFile(p) && Files.isReadable(p);
    }

    /** The former prefix of the Aurora article's profiles, still read with a notice. */
    static final String FORMER_PREFIX = "seed004-";
    /** Their prefix now: named for what they configure, the Aurora article's resources. */
    static final String CURRENT_PREFIX = "aurora-article-";

    /**
     * @param nameOrPath a profile name or path as given
     * @return the same under the current name when it uses a former one ({@code seed004-hikari} →
     *     {@code aurora-article-hikari}, also as a file's name in a path), else null
     */
    static String renamed(String nameOrPath) {
        Path p = Path.of(nameOrPath);
        String file = p.getFileName() == null ? "" : p.getFileName().toString();
        if (!file.startsWith(FORMER_PREFIX)) {
            return null;
        }
        String now = CURRENT_PREFIX + file.substring(FORMER_PREFIX.length());
        return p.getParent() == null ? now : p.getParent().resolve(now).toString();
    }

    /**
     * Finds a profile file from a name or a path: an existing file is used as is; otherwise {@code NAME.xml} in the
     * profile directory.
     *
     * @param nameOrPath e.g. {@code hikari} or {@code webapp/conf/dbcp2.xml}
     * @param confDir the profile directory (normally {@code webapp/conf})
     * @return the file
     * @throws TestbedException naming the value and the available profiles when nothing matches
     */
    public static Path locate(String nameOrPath, Path confDir) {
        Path direct = Path.of(nameOrPath);
        if (Files.isRegularFile(direct)) {
            return direct;
        }
        String renamed = renamed(nameOrPath);
        if (renamed != null) {
            Path now = locate(renamed, confDir);
            String oldName = direct.getFileName().toString().replaceFirst("\\.xml$", "");
            Cli.renamed(oldName, oldName.replaceFirst("^" + FORMER_PREFIX, CURRENT_PREFIX), "named for what it"
                    + " configures: the Aurora article's resource");
            return now;
        }
        if (nameOrPath.contains("/") || nameOrPath.contains("\\")) {
            throw new TestbedException("profile file " + nameOrPath + " " + notAFile(direct) + ": pass an existing"
                    + " context.xml or a profile name from " + confDir + " (" + String.join(", ", available(confDir))
                    + ")");
        }
        Path named = confDir.resolve(nameOrPath.endsWith(".xml") ? nameOrPath : nameOrPath + ".xml");
        if (Files.isRegularFile(named)) {
            return named;
        }
        throw new TestbedException("unknown profile '" + nameOrPath + "': no such file and no " + named
                + "; available in " + confDir + ": " + String.join(", ", available(confDir)));
    }

    /**
     * @param confDir profile directory
     * @return JDBC pool profile names (file names without {@code .xml}), sorted; R2DBC profiles (see
     *     {@link R2dbcProfile#isR2dbc}) are not listed; empty when the directory is missing
     */
    public static List<String> available(Path confDir) {
        if (!Files.isDirectory(confDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(confDir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".xml") && !R2dbcProfile.isR2dbc(p))
                    .map(p -> p.getFileName().toString())
                    .map(n -> n.substring(0, n.length() - 4)).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            return List.of();
        }
    }
}
