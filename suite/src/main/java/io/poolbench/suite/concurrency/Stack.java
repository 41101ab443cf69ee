package io.poolbench.suite.concurrency;

import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.profile.PoolProfile;
import io.poolbench.testbed.profile.ProfileDir;
import io.poolbench.testbed.profile.R2dbcProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One stack: a pool and how the servlet uses it.
 *
 * @param id file-safe id: the profile name, {@code -async} added for R2DBC through Servlet async
 * @param label how the report names it, e.g. {@code HikariCP (JDBC)}
 * @param file the profile file as given
 * @param r2dbc an R2DBC profile
 * @param path the endpoint JMeter loads
 */
public record Stack(String id, String label, String file, boolean r2dbc, String path) {
    /**
     * Loads every profile before anything starts: a JDBC pool is one stack, an R2DBC profile one or two (blocking,
     * Servlet async).
     *
     * @param profiles names or paths
     * @param r2dbcMode blocking, async or both
     * @param poolSize the pool size every stack gets (named in the refusal of a profile that is no pool)
     * @param conf the profile directory
     * @return the stacks in run order
     * @throws TestbedException one line: a profile that is no pool, connects elsewhere, or a name given twice
     */
    static List<Stack> load(List<String> profiles, String r2dbcMode, int poolSize, Path conf) {
        List<Stack> out = new ArrayList<>();
        for (String p : profiles) {
            Path f = ProfileDir.locate(p, conf);
            if (R2dbcProfile.isR2dbc(f)) {
                R2dbcProfile r = R2dbcProfile.load(f);
                if (!r2dbcMode.equals("async")) {
                    out.add(new Stack(r.name(), "R2DBC " + r.name() + " (blocking)", f.toString(), true, "/medium"));
                }
                if (!r2dbcMode.equals("blocking")) {
                    out.add(new Stack(r.name() + "-async", "R2DBC " + r.name() + " (async servlet)", f.toString(),
                            true, "/medium-async"));
                }
            } else {
                PoolProfile pp = PoolProfile.load(f);
                if (!pp.kind().adapter().pooled()) {
                    throw new TestbedException("profile " + p + " is no pool (" + pp.kind().adapter().displayName()
                            + "): sweep concurrency compares pools of " + poolSize + "; leave it out");
                }
                if (pp.urlScheme() != null && !pp.urlScheme().equals("postgresql")) {
                    throw new TestbedException("profile " + p + " connects with a jdbc:" + pp.urlScheme() + " URL:"
                            + " sweep concurrency needs a profile that takes the database's URL");
                }
                out.add(new Stack(pp.name(), pp.kind().adapter().displayName() + " (JDBC)", f.toString(), false,
                        "/medium"));
            }
        }
        Set<String> ids = new HashSet<>();
        for (Stack s : out) {
            if (!ids.add(s.id())) {
                throw new TestbedException("two profiles are named " + s.id() + ": give one file another name");
            }
        }
        return out;
    }
}
