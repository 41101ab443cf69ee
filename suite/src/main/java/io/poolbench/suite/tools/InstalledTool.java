package io.poolbench.suite.tools;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Where a Debian tool is installed (pgbench, PgBouncer, pgpool-II) and which version it says it is. */
final class InstalledTool {
    private static final Pattern VERSION = Pattern.compile("(\\d+(?:\\.\\d+)*)");

    private InstalledTool() {
    }

    /**
     * Finds an executable on the PATH, in {@code /usr/sbin} and {@code /sbin} (Debian puts the poolers there, outside
     * a non-root PATH), or under a directory's {@code <version>/bin}.
     *
     * @param name the executable's name
     * @param versionedRoot a directory whose {@code <version>/bin} may hold it, or null
     * @return its path, or empty
     */
    static Optional<Path> find(String name, String versionedRoot) {
        List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.add("/usr/sbin");
        dirs.add("/sbin");
        for (String d : dirs) {
            if (!d.isEmpty()) {
                Path p = Path.of(d, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        if (versionedRoot != null && Files.isDirectory(Path.of(versionedRoot))) {
            try (var s = Files.list(Path.of(versionedRoot))) {
                return s.map(v -> v.resolve("bin").resolve(name)).filter(Files::isExecutable)
                        .max(Comparator.naturalOrder());
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * Runs {@code tool --version} and returns its first line, e.g. {@code "pgbench (PostgreSQL) 15.18 (Debian
     * 15.18-0+deb12u1)"}.
     *
     * @param tool the executable
     * @return the first line, or "unknown version"
     */
    public static String version(Path tool) {
        try {
            Process p = new ProcessBuilder(tool.toString(), "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor(10, TimeUnit.SECONDS);
            return out.isEmpty() ? "unknown version" : out.lines().findFirst().orElse("unknown version");
        } catch (IOException e) {
            return "unknown version";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown version";
        }
    }

    /**
     * The major version number in a {@code --version} line ({@code "pgbench (PostgreSQL) 15.18"} → 15).
     *
     * @param versionLine the line
     * @return the major version, or 0 when there is none
     */
    static int major(String versionLine) {
        Matcher m = VERSION.matcher(versionLine);
        return m.find() ? Integer.parseInt(m.group(1).split("\\.")[0]) : 0;
    }
}
