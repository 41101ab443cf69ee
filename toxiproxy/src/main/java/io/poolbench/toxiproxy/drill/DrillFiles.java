package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.load.CsvLog;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import io.poolbench.toxiproxy.DrillCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What a drill run leaves in its directory: every request's sample, the pool's state, a summary line. */
final class DrillFiles {
    /** The columns of {@code run-<n>.csv}, a row per request ({@link OpenLoopLoad.Sample}, then its response time). */
    static final String[] SAMPLE_COLUMNS = {"intendedMs", "startMs", "endMs", "endpoint", "status", "outcome",
        "borrowUs", "responseMs"};
    /** The columns of {@code pool-<n>.csv}, the pool's state every sample: ms since the load started, then counts. */
    static final String[] POOL_COLUMNS = {"ms", "active", "idle", "waiting", "total"};

    private DrillFiles() {
    }

    static String summaryLine(DrillResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.outcomes());
        if (r.reconciliation() != null) {
            sb.append(" acked writes ").append(r.reconciliation().acknowledged()).append(", lost ")
                    .append(r.reconciliation().lost());
        }
        r.metrics().forEach((k, v) -> {
            if (k.endsWith("_s") && v != null) {
                sb.append(", ").append(k).append(' ').append(String.format(Locale.ROOT, "%.2f", v));
            }
        });
        return sb.toString();
    }

    static void writeSamples(Path f, List<OpenLoopLoad.Sample> samples) throws IOException {
        try (CsvLog<OpenLoopLoad.Sample> log = CsvLog.create(f, SAMPLE_COLUMNS, x -> Arrays.asList(x.intendedMs(),
                x.startMs(), x.endMs(), x.endpoint(), x.status(), x.outcome(), x.borrowUs(), x.responseMs()))) {
            samples.forEach(log::add);
        }
    }

    static void writePool(Path f, List<long[]> pool) throws IOException {
        try (CsvLog<long[]> log = CsvLog.create(f, POOL_COLUMNS, p -> Arrays.asList(p[0], p[1], p[2], p[3], p[4]))) {
            pool.forEach(log::add);
        }
    }

    /**
     * Writes a profile's lint against the cluster once per run ({@code drills/lint/<profile>.txt}).
     *
     * @param p the profile
     * @param t the cluster
     * @param out the run directory
     * @throws IOException when the file cannot be written
     */
    static void lintOnce(PoolProfile p, DrillCluster t, Path out) throws IOException {
        Path f = out.resolve("drills").resolve("lint").resolve(p.name() + ".txt");
        if (Files.isRegularFile(f)) {
            return;
        }
        Files.createDirectories(f.getParent());
        String text;
        try {
            text = ProfileLint.text(ProfileLint.lint(p, t.profileVars()));
        } catch (RuntimeException e) {
            text = "== " + p.file() + ": lint failed: " + Redact.rootMessage(e) + "\n";
        }
        Files.writeString(f, text);
    }
}
