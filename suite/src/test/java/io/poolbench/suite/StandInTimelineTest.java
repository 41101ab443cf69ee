package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.poolbench.suite.check.StandInTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/stand-in-timeline.md is what the code's constants say, and the manual states the stand-in's
 * schedule nowhere else: a sentence that has a failover step happen after, at, for or every so many seconds is a
 * restatement, which links the table instead.
 */
class StandInTimelineTest {
    /** A step of the stand-in's schedule with its seconds, e.g. "reboots after 10 s", "flaps for 8 s". */
    static final Pattern RESTATED = Pattern.compile("(?i)\\b(promoted|reboots?|rebooted|moves|moved|flaps?|flapping"
            + "|resets?)( [\\w'-]+){0,4} (after|at|for|every) \\d+(\\.\\d+)? s\\b");

    @Test
    void theCommittedTimelineIsTheCodes() throws Exception {
        GeneratedPages.assertCommitted(StandInTimeline.markdown(), Path.of("docs", "reference",
                "stand-in-timeline.md"));
    }

    @Test
    void noOtherPageRestatesTheSchedule() throws Exception {
        Path root = Path.of("..");
        // the dated records keep what was true on their day; the generated pages come from the same constants
        List<Path> pages = DocsTest.pages(false).stream().filter(f -> !f.endsWith("stand-in-timeline.md")
                && !f.endsWith("cli.md")).toList();
        List<String> found = new ArrayList<>();
        for (Path f : pages) {
            Matcher m = RESTATED.matcher(Files.readString(f));
            while (m.find()) {
                found.add(root.relativize(f) + ": " + m.group());
            }
        }
        assertEquals(List.of(), found, "the stand-in's schedule restated: link docs/reference/stand-in-timeline.md");
    }
}
