package io.poolbench.suite.aurora;

import io.poolbench.suite.aurora.run.LoadRun;
import java.util.List;

/** The article's settings for tests, with what a test varies given. */
public final class AuroraSettingsFixture {
    private AuroraSettingsFixture() {
    }

    /**
     * @param runs what is run
     * @param rounds rounds
     * @param warmupSeconds warm-up, s
     * @param durationSeconds measured period, s
     * @param failover inject a failover
     * @param failoverKind its kind (null: planned)
     * @param stallSeconds stalls, s
     * @return the article's load (750 users, 3,000 a minute, a quarter), mix 50/30 per request, 1 ms round trip
     */
    public static AuroraSettings settings(List<LoadRun> runs, int rounds, int warmupSeconds, int durationSeconds,
            boolean failover, String failoverKind, List<Integer> stallSeconds) {
        return new AuroraSettings(runs, rounds, 1,
                new AuroraSettings.Load(750, 3000, 0.25, 2, List.of(), warmupSeconds, durationSeconds, 5),
                new AuroraSettings.ScreenSettings(50, 30, "per-request", 9_000, null),
                new AuroraSettings.Network(1, 1, failover, failoverKind, stallSeconds),
                new AuroraSettings.Database(1000, null, null),
                new AuroraSettings.Webapp(false, List.of(), false));
    }
}
