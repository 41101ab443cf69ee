package io.poolbench.suite.aurora.knee;

import io.poolbench.testbed.Cli;
import io.poolbench.testbed.TestbedException;
import java.util.HashSet;
import java.util.List;

/**
 * What {@code aurora --find-knee} searches: for every profile, round trip and borrowing pattern, the knee between
 * the light load and the highest load, in at most so many cells.
 *
 * @param lightLoad the baseline's load, multiples of the article's per-server rate (default 0.5, the map's lowest)
 * @param maxLoad the highest load measured (default 4: the article's whole load on one webapp)
 * @param maxCells the most cells per search, the light load's included
 * @param tolerance the knee's 95 % interval must lie within ± this share of it (0.10)
 * @param rttsMs the round trips added, ms, one search each
 * @param borrows the borrowing patterns, one search each
 */
public record KneeSearchSettings(double lightLoad, double maxLoad, int maxCells, double tolerance,
        List<Integer> rttsMs, List<String> borrows) {
    /**
     * Checks every range before anything starts.
     *
     * @throws TestbedException one line: a value out of range, a round trip given twice
     */
    public KneeSearchSettings {
        Cli.range("--light-load", lightLoad, 0.02, 4);
        Cli.range("--max-load", maxLoad, lightLoad * 1.5, 4);
        Cli.range("--max-cells", maxCells, 3, 100);
        Cli.range("--knee-tolerance", tolerance, 0.01, 0.5);
        Cli.rangeEach("--map-rtts", rttsMs, 0, 10_000);
        if (new HashSet<>(rttsMs).size() != rttsMs.size()) {
            throw new TestbedException("--map-rtts " + rttsMs + ": a round trip is given twice; give each once");
        }
        if (new HashSet<>(borrows).size() != borrows.size()) {
            throw new TestbedException("--map-borrows " + borrows + ": a pattern is given twice; give each once");
        }
        rttsMs = List.copyOf(rttsMs);
        borrows = List.copyOf(borrows);
    }
}
