package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import io.poolbench.toxiproxy.DrillCluster;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What a drill run leaves in its directory: every request's sample, the pool's state, a summary line. */
final class DrillFiles {
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
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8))) {
            w.println("intendedMs,startMs,endMs,endpoint,status,outcome,borrowUs,responseMs");
            for (OpenLoopLoad.Sample x : samples) {
                w.println(x.intendedMs() + "," + x.startMs() + "," + x.endMs() + "," + x.endpoint() + ","
                        + x.status() + "," + x.outcome() + "," + x.borrowUs() + "," + x.responseMs());
            }
        }
    }

    static void writePool(Path f, List<long[]> pool) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8))) {
            w.println("ms,active,idle,waiting,total");
            for (long[] p : pool) {
                w.println(p[0] + "," + p[1] + "," + p[2] + "," + p[3] + "," + p[4]);
            }
        }
    }

    /**
     * Writes {@code drills/lint/<profile>.txt} once per profile: what the profile really configures, read back from
     * a pool built against this cluster's writer (the lines {@code ./poolbench lint} prints; they head the report).
     */
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
