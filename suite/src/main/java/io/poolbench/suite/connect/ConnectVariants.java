package io.poolbench.suite.connect;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.poolbench.testbed.report.ResultJson;
import io.poolbench.testbed.run.Manifest;
import io.poolbench.testbed.run.PhaseEntry;
import io.poolbench.testbed.run.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The variants of a connect run as its report reads them: those that ended ok, the rounds that finished of those
 * interrupted (a variant's data file is written after each of its rounds), and every phase that did not end ok.
 *
 * @param ok each variant whose phase ended ok, in the order run
 * @param interrupted of each interrupted variant, the rounds that finished before the interruption, its
 *        description saying so; none when no round had finished
 * @param notOk every variant's phase that did not end ok (failed, interrupted, skipped)
 */
record ConnectVariants(List<ConnectData.Variant> ok, List<ConnectData.Variant> interrupted, List<PhaseEntry> notOk) {
    private static final ObjectMapper JSON = ResultJson.MAPPER;

    /**
     * @param m the manifest
     * @param base the scenario's directory, {@code connect/}
     * @return the variants
     * @throws IOException when the data file of a variant that ended ok cannot be read
     */
    static ConnectVariants read(Manifest m, Path base) throws IOException {
        ConnectVariants out = new ConnectVariants(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (PhaseEntry p : m.phases()) {
            if (!p.id().startsWith("connect:")) {
                continue;
            }
            Path f = base.resolve(p.id().substring("connect:".length()) + ".json");
            if (p.ok() && Files.isRegularFile(f)) {
                out.ok().add(JSON.readValue(f.toFile(), ConnectData.Variant.class));
                continue;
            }
            out.notOk().add(p);
            ConnectData.Variant done = finishedRounds(p, f);
            if (done != null) {
                out.interrupted().add(done);
            }
        }
        return out;
    }

    /**
     * @param p a variant's phase that did not end ok
     * @param f its data file, written after each of its rounds
     * @return with an interrupted phase, the rounds that finished before the interruption (its description says
     *     so); null for a failed or skipped phase, or when no round finished or the file is unreadable
     */
    static ConnectData.Variant finishedRounds(PhaseEntry p, Path f) {
        if (!Status.INTERRUPTED.label().equals(p.status()) || !Files.isRegularFile(f)) {
            return null;
        }
        try {
            ConnectData.Variant v = JSON.readValue(f.toFile(), ConnectData.Variant.class);
            return v.runs() == null || v.runs().isEmpty() ? null : new ConnectData.Variant(v.id(), v.client(),
                    v.route(), v.reconnect(), v.pooled(), v.describe() + " (interrupted after " + v.runs().size()
                    + (v.runs().size() == 1 ? " round" : " rounds") + ")", v.runs(), v.order());
        } catch (IOException | RuntimeException e) {
            return null; // cut while it was written: its rounds are not shown
        }
    }
}
