package io.poolbench.suite.tools;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.process.FreePort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * pgpool-II (Debian's {@code pgpool2}) in connection pooling mode in front of the server, from
 * {@code poolers/pgpool.conf}: a main process that pre-forks {@code num_init_children} children, each serving one
 * client at a time and caching up to {@code max_pool} backend connections. The connect scenario's article ran 128 children.
 * Its sockets go to a short temporary directory (a Unix socket path must stay under 108 bytes), removed on close.
 */
public final class PgpoolII extends ServerPooler {
    /** How to install it when it is missing. */
    public static final String INSTALL = "apt-get install pgpool2";
    private final int children;
    private Path socketDir;

    private PgpoolII(Path executable, int children) {
        super(executable);
        this.children = children;
    }

    /**
     * @param children {@code num_init_children}
     * @return a pooler ready to {@link #start}, or empty when pgpool-II is not installed
     */
    public static Optional<PgpoolII> create(int children) {
        return find("pgpool").map(p -> new PgpoolII(p, children));
    }

    @Override
    String displayName() {
        return "pgpool-II";
    }

    @Override
    String template() {
        return "pgpool.conf";
    }

    @Override
    Map<String, String> extraVars(Path dir) throws IOException {
        socketDir = Files.createTempDirectory("pb-pgpool");
        int pcp = FreePort.pick();
        Files.writeString(dir.resolve("pcp.conf"), "# no PCP users: poolbench does not use PCP\n");
        return Map.of("children", Integer.toString(children), "socketDir", socketDir.toString(), "pcpPort",
                Integer.toString(pcp));
    }

    @Override
    List<String> command(Path config, Path dir) {
        return List.of(executable().toString(), "-n", "-f", config.toAbsolutePath().toString(), "-F",
                dir.resolve("pcp.conf").toAbsolutePath().toString());
    }

    @Override
    public void close() {
        super.close();
        if (socketDir != null) {
            try {
                Cli.deleteTree(socketDir);
            } catch (IOException ignored) {
                // a temporary directory
            }
        }
    }
}
