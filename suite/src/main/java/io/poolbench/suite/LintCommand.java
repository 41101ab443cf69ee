package io.poolbench.suite;

import io.poolbench.testbed.PoolbenchCommand;
import io.poolbench.testbed.db.Database;
import io.poolbench.testbed.options.DatabaseOptions;
import io.poolbench.testbed.options.ProfileOptions;
import io.poolbench.testbed.options.Profiles;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileLint;
import io.poolbench.testbed.run.RunLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** {@code poolbench lint FILE...}: what each context.xml really configures. */
@Command(name = "lint",
        description = "For each <Resource> of each context.xml: the pool it builds, the attributes as written,"
                + " the effective settings read back from the built pool (against --db, default embedded"
                + " PostgreSQL) and one warning per trap.",
        exitCodeList = {"0:no warnings", "1:at least one warning", "2:a file cannot be read or built (one line)"})
public final class LintCommand extends PoolbenchCommand {
    @CommandLine.Parameters(arity = "1..*", paramLabel = "FILE|NAME",
            description = "context.xml files, or profile names in webapp/conf.")
    List<String> files;

    @Mixin
    ProfileOptions profileOptions;

    @Mixin
    DatabaseOptions db;

    @Override
    public Integer call() {
        db.validate();
        List<PoolProfile> ps = new ArrayList<>();
        for (String f : files) {
            PoolProfile p = profileOptions.load(f, null);
            Profiles.runsOn(db).accept(f, p);
            ps.add(p);
        }
        int warnings = 0;
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "poolbench-lint.log");
        try (RunLog quiet = RunLog.redirect(log);
             Database database = db.settings().open()) {
            database.prepareForProfiles();
            for (PoolProfile p : ps) {
                ProfileLint.Result r = ProfileLint.lint(p,
                        DatabaseOptions.vars(database));
                System.out.println(ProfileLint.text(r));
                warnings += r.warnings().size();
            }
        }
        System.out.println("poolbench lint: " + ps.size() + " resource(s), " + warnings + " warning(s); the pools'"
                + " own log lines are in " + log);
        return warnings == 0 ? 0 : 1;
    }
}
