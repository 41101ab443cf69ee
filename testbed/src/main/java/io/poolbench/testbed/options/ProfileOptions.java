package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where the profiles named on a command line are found, and which {@code <Resource>} of a file is meant: a picocli
 * mixin of {@code lint}, {@code compare} and the webapp.
 */
public final class ProfileOptions {
    /** {@code --conf-dir}. */
    @Mixin
    public ConfDirOption confDir = new ConfDirOption();

    /** The resource's JNDI name given, or null for the default. */
    @Option(names = "--resource", paramLabel = "NAME", description = "The <Resource name> to use in a file that has"
            + " several (default jdbc/poolbench, or the only one).")
    public String resource;

    /**
     * @param nameOrFile a profile name (looked up in the profile directory) or a context.xml path
     * @param fallbackDir the directory for names when {@code --conf-dir} is not given (null: {@link ProfileDir}'s
     *     default)
     * @return the profile's file
     * @throws TestbedException one line naming the missing directory or file
     */
    public Path locate(String nameOrFile, Path fallbackDir) {
        return ProfileDir.locate(nameOrFile, confDir.resolve(fallbackDir));
    }

    /**
     * Loads one JDBC pool profile.
     *
     * @param nameOrFile a profile name (looked up in the profile directory) or a context.xml path
     * @param fallbackDir the directory for names when {@code --conf-dir} is not given (null: {@link ProfileDir}'s
     *     default)
     * @return the profile
     * @throws TestbedException one line naming the missing directory or file, or what is wrong with it
     */
    public PoolProfile load(String nameOrFile, Path fallbackDir) {
        return PoolProfile.load(locate(nameOrFile, fallbackDir), resource);
    }
}
