package io.poolbench.testbed.run;

import io.poolbench.testbed.report.MarkdownText;
import io.poolbench.testbed.report.Table;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The phases of a run that left no result, as every report lists them before its figures: each with its status and
 * the first line of its reason, so that a report never lets a missing run pass for one that was not planned.
 */
public final class WithoutResult {
    private WithoutResult() {
    }

    /**
     * @param phases the run's phases of one kind (e.g. those whose id starts with {@code run:})
     * @param name the phase's name in the table, from its id (e.g. without the {@code run:} prefix)
     * @return the phases that did not end {@code ok}
     */
    public static List<PhaseEntry> of(List<PhaseEntry> phases, UnaryOperator<String> name) {
        return phases.stream().filter(p -> !p.ok()).map(p -> new PhaseEntry(name.apply(p.id()), p.description(),
                p.status(), p.reason(), p.note(), p.startedAt(), p.endedAt(), p.lines(), p.sha256())).toList();
    }

    /**
     * @param phases phases without a result ({@link #of})
     * @return a Markdown table {@code run | status | reason}; empty text for none
     */
    public static String table(List<PhaseEntry> phases) {
        if (phases.isEmpty()) {
            return "";
        }
        Table t = Table.of("run", "status", "reason");
        phases.forEach(p -> t.markdownRow(MarkdownText.cell(p.id()), MarkdownText.status(p.status(), null),
                MarkdownText.firstLine(p.reason())));
        return t.markdown();
    }
}
