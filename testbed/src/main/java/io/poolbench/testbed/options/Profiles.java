package io.poolbench.testbed.options;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The profiles a command names, loaded before anything starts: each by name (in the profile directory, see
 * {@link ProfileDir}) or as a path to any {@code context.xml}, checked, and no two of one name (a profile's name
 * keys its results and directories).
 */
public final class Profiles {
    private Profiles() {
    }

    /** A command's own condition on one profile. */
    @FunctionalInterface
    public interface Check {
        /**
         * @param given the name or path as the user gave it
         * @param profile the loaded profile
         * @throws TestbedException one line naming the profile and what to do instead
         */
        void accept(String given, PoolProfile profile);

        /**
         * @param next a further condition
         * @return a check that applies this one, then {@code next}
         */
        default Check and(Check next) {
            return (given, profile) -> {
                accept(given, profile);
                next.accept(given, profile);
            };
        }
    }

    /**
     * @param names names or paths, in order
     * @param conf the profile directory for names
     * @param check the command's condition on each profile
     * @return the profiles in the given order
     * @throws TestbedException one line: a missing or unreadable file, a failed check, or two profiles of one name
     */
    public static List<PoolProfile> load(List<String> names, Path conf, Check check) {
        List<PoolProfile> out = new ArrayList<>();
        for (String p : names) {
            PoolProfile pp = PoolProfile.load(ProfileDir.locate(p, conf));
            check.accept(p, pp);
            if (out.stream().anyMatch(x -> x.name().equals(pp.name()))) {
                throw new TestbedException("two profiles are named " + pp.name() + ": give one file another name");
            }
            out.add(pp);
        }
        return out;
    }

    /**
     * @param why why the command needs a pool, e.g. {@code a pool size means nothing to it}
     * @return a check that refuses a profile that is no pool, naming what it is and why
     */
    public static Check pooled(String why) {
        return (given, p) -> {
            if (!p.kind().adapter().pooled()) {
                throw new TestbedException("profile " + given + " is no pool (" + p.kind().adapter().displayName()
                        + "): " + why);
            }
        };
    }

    /**
     * A profile that cannot reach the database these options choose: its URL is another database's
     * ({@code jdbc:mysql} against PostgreSQL), or it needs a placeholder that database does not set (the MySQL-only
     * profiles' {@code poolbench.mysql.endpoint}).
     *
     * @param db the command's database options
     * @return the check
     */
    public static Check runsOn(DatabaseOptions db) {
        return (given, p) -> {
            String ps = p.urlScheme();
            String scheme = db.scheme();
            if (ps != null && scheme != null && !ps.equals(scheme)) {
                throw new TestbedException("profile " + given + " connects with a jdbc:" + ps + " URL but --db "
                        + db.kind + " is " + scheme + ": use " + (ps.equals("mysql") ? "--db mysql" : "--db external"
                        + " --jdbc-url jdbc:" + ps + "://...") + ", or a profile that takes the database's URL");
            }
            p.check(db.varsSetLater());
        };
    }
}
