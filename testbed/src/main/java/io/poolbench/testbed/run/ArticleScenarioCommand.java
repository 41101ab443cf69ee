package io.poolbench.testbed.run;

import io.poolbench.testbed.options.AsArticleOption;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.options.ProfilesOption;
import io.poolbench.testbed.options.RoundsOption;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;

/**
 * What every command that reproduces an article's measurement against a database shares, beside
 * {@link ScenarioCommand}'s run directory: the profiles compared ({@code --profiles}, defaulting to
 * {@link #defaultProfiles()}), {@code --rounds}, {@code --as-article} (the article's own parameters) and the
 * database ({@code --db}, {@code --jdbc-url}, …). The command reads them as fields and adds its own options.
 */
public abstract class ArticleScenarioCommand extends ScenarioCommand {
    /** {@code --profiles}: the pools compared. */
    @Mixin
    protected ProfilesOption profiles;

    /** {@code --rounds}: how many rounds of every variant. */
    @Mixin
    protected RoundsOption rounds;

    /** {@code --as-article}: the article's own parameters instead of the quick ones. */
    @Mixin
    protected AsArticleOption asArticle;

    /** The database the scenario measures: embedded by default. */
    @Mixin
    protected DatabaseOptions db;

    /** @return the profiles compared without {@code --profiles}, as they show in the help */
    protected abstract List<String> defaultProfiles();

    /** @return {@code --profiles}' default: {@link #defaultProfiles()} */
    @Override
    protected final Map<String, String> optionDefaults() {
        return Map.of("--profiles", String.join(",", defaultProfiles()));
    }
}
