package io.poolbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * One option name, one meaning across every command of {@code ./poolbench --help}: a name that several commands
 * take has one parameter label everywhere (its unit or its values: {@code MS}, {@code S}, {@code PER_S}, {@code N},
 * {@code KIND}), and the names that meant different things (a hold per query, per request, per task; thread kinds
 * and thread counts) are distinct names. Former names still read (hidden, with a one-line notice) are left out.
 */
class OptionVocabularyTest {
    /**
     * Names whose labels differ in form, not in meaning: {@code borrowers} runs several profiles, so it names the
     * profile before the two versions that {@code check} takes alone.
     */
    static final Set<String> SAME_MEANING_OTHER_FORM = Set.of("--pool-version");
    /** Names that were one word for several meanings, and must not come back as a command's option. */
    static final Set<String> RETIRED = Set.of("--hold-ms", "--hold-p50", "--hold-p90");

    @Test
    void everySharedNameHasOneLabelAndNoRetiredNameIsShown() {
        Map<String, Set<String>> labels = new TreeMap<>();
        List<String> retired = new ArrayList<>();
        int commands = 0;
        int options = 0;
        Map<String, Integer> usedBy = new TreeMap<>();
        for (CommandLine c : CliReference.commands()) {
            commands++;
            for (OptionSpec o : c.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp() || o.hidden()) {
                    continue;
                }
                options++;
                usedBy.merge(o.longestName(), 1, Integer::sum);
                if (RETIRED.contains(o.longestName())) {
                    retired.add(c.getCommandSpec().qualifiedName() + " " + o.longestName());
                }
                // a flag and an option with an optional value (--measure, --measure=S) are one name
                if (o.arity().max() > 0 && o.arity().min() > 0) {
                    labels.computeIfAbsent(o.longestName(), k -> new TreeSet<>()).add(o.paramLabel());
                }
            }
        }
        System.out.println("vocabulary: " + commands + " commands, " + options + " options shown, " + usedBy.size()
                + " names, " + usedBy.values().stream().filter(n -> n > 1).count() + " names taken by several commands");
        labels.keySet().removeAll(SAME_MEANING_OTHER_FORM);
        labels.values().removeIf(l -> l.size() == 1);
        assertEquals(Map.of(), labels, "option names with more than one parameter label: one name, one meaning");
        assertEquals(List.of(), retired, "a retired name shown again");
    }
}
