package io.poolbench.suite.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What measures a user's request as the paced short screen of the Aurora article's load, for
 * {@code poolbench plan --measure}. The scenario that runs those screens implements it, and the command line's
 * root ({@code SuiteEntry.register}) hands it to {@link PlanCommand#measureWith}, so that plan imports no scenario
 * package.
 */
public interface ShortScreenMeasurement {
    /**
     * Runs the measurement as a command of its own.
     *
     * @param name the command's name in messages, e.g. {@code poolbench plan --measure}
     * @param args the command's arguments, {@code --out} included
     * @return its exit code: 0 ok, 1 the run failed, 2 bad input or no Docker, 130 or 143 interrupted
     */
    int run(String name, List<String> args);

    /**
     * @param out the run directory given to {@link #run}
     * @return each run's short screen that has a result, in the order run; empty when every run failed
     * @throws IOException when the run wrote no report or it cannot be read
     */
    List<MeasuredShortScreen> read(Path out) throws IOException;

    /**
     * @param out the run directory given to a knee search's {@link #run}
     * @param perSecondAtOne requests/s at load × 1 of the search
     * @return each search's knee, in requests/s, in the order searched
     * @throws IOException when the search wrote no results or they cannot be read
     */
    List<MeasuredKnee> readKnees(Path out, double perSecondAtOne) throws IOException;

    /**
     * @param out the run directory given to {@link #run}
     * @return the run's own report (CPU per process, latency from each request's intended start)
     */
    Path report(Path out);
}
