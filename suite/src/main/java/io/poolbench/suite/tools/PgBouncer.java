package io.poolbench.suite.tools;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PgBouncer (Debian's {@code pgbouncer}) in front of the server, from {@code poolers/pgbouncer.ini}: one process,
 * event-driven; {@code pool_mode} and {@code default_pool_size} are the scenario's. As root it is started with
 * {@code -u nobody}, because PgBouncer refuses to run as root.
 */
public final class PgBouncer extends ServerPooler {
    /** How to install it when it is missing. */
    public static final String INSTALL = "apt-get install pgbouncer";
    private final String poolMode;
    private final int poolSize;

    private PgBouncer(Path executable, String poolMode, int poolSize) {
        super(executable);
        this.poolMode = poolMode;
        this.poolSize = poolSize;
    }

    /**
     * @param poolMode {@code session} or {@code transaction}
     * @param poolSize {@code default_pool_size}: server connections per database and user
     * @return a pooler ready to {@link #start}, or empty when PgBouncer is not installed
     */
    public static Optional<PgBouncer> create(String poolMode, int poolSize) {
        return find("pgbouncer").map(p -> new PgBouncer(p, poolMode, poolSize));
    }

    @Override
    String displayName() {
        return "PgBouncer";
    }

    @Override
    String template() {
        return "pgbouncer.ini";
    }

    @Override
    Map<String, String> extraVars(Path dir) {
        return Map.of("poolMode", poolMode, "poolSize", Integer.toString(poolSize));
    }

    @Override
    List<String> command(Path config, Path dir) {
        List<String> cmd = new ArrayList<>(List.of(executable().toString()));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.addAll(List.of("-u", "nobody"));
        }
        cmd.add(config.toAbsolutePath().toString());
        return cmd;
    }
}
