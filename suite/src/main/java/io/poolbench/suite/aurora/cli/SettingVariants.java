package io.poolbench.suite.aurora.cli;

import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.profile.PoolProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code aurora --vary PROFILE}: the profile as written, then with exactly one setting changed at a time, each a
 * run of its own: the pool size (to {@code --vary-pool-size}), the borrow timeout (bounded ↔ unbounded) and
 * validation on borrow (on ↔ off), each under the pool's own attribute name from its adapter.
 */
public final class SettingVariants {
    private SettingVariants() {
    }

    /**
     * @param p the profile to vary
     * @param varyPoolSize the pool size of the size run
     * @param note receives one line for each setting that is not varied, and why
     * @return the changes, {@code {attribute, value}} each, in order
     */
    static List<String[]> of(PoolProfile p, int varyPoolSize, Consumer<String> note) {
        PoolAdapter a = p.kind().adapter();
        Map<String, String> attrs = p.attributes();
        List<String[]> out = new ArrayList<>();
        String size = a.sizeAttributes().get(0);
        if (!Integer.toString(varyPoolSize).equals(attrs.get(size))) {
            out.add(new String[] {size, Integer.toString(varyPoolSize)});
        } else {
            note.accept("poolbench aurora: --vary " + p.name() + ": " + size + " is already " + varyPoolSize
                    + ", no pool-size run");
        }
        String timeout = a.borrowTimeoutAttribute();
        if (timeout != null) {
            boolean bounded = a.borrowTimeoutMs(attrs) > 0;
            out.add(new String[] {timeout, bounded ? a.unboundedBorrowTimeout() : a.borrowTimeoutValue(10_000)});
        }
        String validation = a.validationOnBorrowAttribute();
        if (validation != null && attrs.containsKey(validation)) {
            out.add(new String[] {validation, Boolean.toString(!Boolean.parseBoolean(attrs.get(validation)))});
        } else if (validation != null) {
            note.accept("poolbench aurora: --vary " + p.name() + ": " + validation + " is not set (the pool's"
                    + " default applies), no validation run; set it in the profile to vary it");
        }
        return out;
    }
}
