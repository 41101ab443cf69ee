package io.poolbench.suite.aurora.knee;

import io.poolbench.testbed.AtomicFile;
import io.poolbench.testbed.report.ResultJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The model's knees written down before the searches measure them ({@code screens/predictions.json}), so that a
 * reader can check that no prediction was made after its knee was seen: every search's knee over one long run and
 * over the cell's window, with the poolbench commit that computed them, written before the first cell of the first
 * search runs; the prediction with the stand-in's own round trip, which needs that search's light-load cell, added
 * right after that cell, before any cell that can cross the threshold. The search does not read them: it looks where
 * its own cells tell it ({@link KneeSearch}).
 */
public final class KneePredictions {
    /** The file, in {@code screens/}. */
    public static final String FILE = "predictions.json";

    /**
     * One search's predictions.
     *
     * @param profile the profile's run id
     * @param rttMs the round trip added, ms
     * @param borrow {@code per-request} or {@code per-query}
     * @param round the search's round, from 1
     * @param model the model's knees ({@link KneeResult.Model}); its {@code standIn} null until the light-load cell
     * @param writtenAt when the long-run and window knees were written, ISO-8601: before any cell ran
     * @param standInWrittenAt when the stand-in's knee was written, ISO-8601: after the light-load cell, before the
     *     next; null until then
     */
    public record Prediction(String profile, int rttMs, String borrow, int round, KneeResult.Model model,
            String writtenAt, String standInWrittenAt) {
    }

    /**
     * The file's content.
     *
     * @param commit the poolbench commit whose model computed them ({@code Manifest.commit()})
     * @param predictions every search's, in the order run
     */
    public record Written(String commit, List<Prediction> predictions) {
    }

    private final Path file;
    private final String commit;
    private final List<Prediction> predictions;

    /**
     * Writes the predictions made before any cell.
     *
     * @param dir the scenario's directory ({@code screens/})
     * @param commit the poolbench commit
     * @param before every search's predictions, without the stand-in's knee
     * @throws IOException when the file cannot be written
     */
    public KneePredictions(Path dir, String commit, List<Prediction> before) throws IOException {
        this.file = dir.resolve(FILE);
        this.commit = commit;
        this.predictions = new ArrayList<>(before);
        write();
    }

    /**
     * Adds one search's stand-in prediction, made after its light-load cell, and writes the file again.
     *
     * @param profile the profile's run id
     * @param rttMs the round trip added
     * @param borrow the borrowing
     * @param round the search's round
     * @param model its knees with the stand-in's
     * @throws IOException when the file cannot be written
     */
    public void standIn(String profile, int rttMs, String borrow, int round, KneeResult.Model model)
            throws IOException {
        for (int i = 0; i < predictions.size(); i++) {
            Prediction p = predictions.get(i);
            if (p.profile().equals(profile) && p.rttMs() == rttMs && p.borrow().equals(borrow) && p.round() == round) {
                predictions.set(i, new Prediction(profile, rttMs, borrow, round, model, p.writtenAt(),
                        Instant.now().toString()));
            }
        }
        write();
    }

    /**
     * @param dir the scenario's directory
     * @return what a run wrote; empty predictions when it wrote none (a run older than the file)
     * @throws IOException when the file exists and cannot be read
     */
    public static Written read(Path dir) throws IOException {
        Path f = dir.resolve(FILE);
        return Files.exists(f) ? ResultJson.MAPPER.readValue(f.toFile(), Written.class) : new Written(null, List.of());
    }

    private void write() throws IOException {
        AtomicFile.write(file, out -> ResultJson.MAPPER.writeValue(out, new Written(commit, predictions)));
    }
}
