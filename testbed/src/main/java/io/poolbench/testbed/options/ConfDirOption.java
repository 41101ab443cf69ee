package io.poolbench.testbed.options;

import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --conf-dir}: where profile names are looked up; a picocli mixin of every command that takes names. */
public final class ConfDirOption {
    /** The profile directory given, or null for the default. */
    @Option(names = "--conf-dir", paramLabel = "DIR", description = "Profile directory for names (default"
            + " webapp/conf, ../webapp/conf, else the profiles packaged in the jar).")
    public Path dir;

    /**
     * @param fallbackDir the directory when {@code --conf-dir} is not given (null: {@link ProfileDir}'s default)
     * @return the profile directory to look names up in
     * @throws io.poolbench.testbed.TestbedException one line naming a directory that does not exist
     */
    public Path resolve(Path fallbackDir) {
        return ProfileDir.resolve(dir != null ? dir : fallbackDir);
    }
}
