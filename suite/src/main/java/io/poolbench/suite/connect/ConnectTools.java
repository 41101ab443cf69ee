package io.poolbench.suite.connect;

import io.poolbench.suite.tools.PgBouncer;
import io.poolbench.suite.tools.Pgbench;
import io.poolbench.suite.tools.PgpoolII;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tools the connect scenario runs beside its Java clients, as found on this machine: pgbench, PgBouncer (session mode) and
 * pgpool-II, each present or left out (by {@code --without} or because it is not installed, said in a note).
 *
 * @param pgbench pgbench, when it runs
 * @param bouncer PgBouncer, when it runs
 * @param pgpool pgpool-II, when it runs
 * @param notes one line for each tool that is missing, with how to install it
 */
record ConnectTools(Optional<Path> pgbench, Optional<PgBouncer> bouncer, Optional<PgpoolII> pgpool,
        List<String> notes) {

    /**
     * @param without the tools left out by choice
     * @param poolSize PgBouncer's pool size
     * @param pgpoolChildren pgpool-II's num_init_children
     * @return what is there
     */
    static ConnectTools find(List<String> without, int poolSize, int pgpoolChildren) {
        List<String> notes = new ArrayList<>();
        Optional<Path> pgbench = without.contains("pgbench") ? Optional.empty() : Pgbench.find();
        if (!without.contains("pgbench") && pgbench.isEmpty()) {
            notes.add("pgbench is not installed: its runs are skipped (install it: apt-get install"
                    + " postgresql-client)");
        }
        Optional<PgBouncer> bouncer = pgbench.isEmpty() || without.contains("pgbouncer") ? Optional.empty()
                : PgBouncer.create("session", poolSize);
        if (pgbench.isPresent() && !without.contains("pgbouncer") && bouncer.isEmpty()) {
            notes.add("PgBouncer is not installed: its runs are skipped (install it: " + PgBouncer.INSTALL + ")");
        }
        Optional<PgpoolII> pgpool = pgbench.isEmpty() || without.contains("pgpool") ? Optional.empty()
                : PgpoolII.create(pgpoolChildren);
        if (pgbench.isPresent() && !without.contains("pgpool") && pgpool.isEmpty()) {
            notes.add("pgpool-II is not installed: its runs are skipped (install it: " + PgpoolII.INSTALL + ")");
        }
        return new ConnectTools(pgbench, bouncer, pgpool, notes);
    }

    /** @return pgbench's variants: directly and through each pooler present, with and without -C */
    List<ConnectExperiment.Variant> pgbenchVariants() {
        List<ConnectExperiment.Variant> out = new ArrayList<>();
        if (pgbench.isPresent()) {
            for (String route : routes(bouncer.isPresent(), pgpool.isPresent())) {
                for (boolean c : new boolean[] {true, false}) {
                    out.add(new ConnectExperiment.Variant("pgbench" + (c ? "-C-" : "-") + route.toLowerCase(Locale.ROOT)
                            .replace("-ii", ""), "pgbench", route, c, null));
                }
            }
        }
        return out;
    }

    private static List<String> routes(boolean bouncer, boolean pgpool) {
        List<String> r = new ArrayList<>(List.of("direct"));
        if (bouncer) {
            r.add("PgBouncer");
        }
        if (pgpool) {
            r.add("pgpool-II");
        }
        return r;
    }
}
