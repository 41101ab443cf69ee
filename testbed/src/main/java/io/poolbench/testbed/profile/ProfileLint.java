package io.poolbench.testbed.profile;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * What a context.xml really configures: the pool it builds, its attributes as written, the settings read back
 * from the built pool object, and one warning per trap, each with the documentation or source it rests on. The
 * pool-specific traps come from the pool's adapter ({@link io.poolbench.testbed.pool.PoolAdapter#traps}); the ones
 * every pool shares (a URL without socket timeout, an unbounded borrow timeout, an old driver name) are here.
 */
public final class ProfileLint {
    private static final Pattern PARAM = Pattern.compile("[?&;]([A-Za-z]+)=([^&;]*)");

    private ProfileLint() {
    }

    /**
     * The lint of one profile.
     *
     * @param profile the profile
     * @param attributes attributes as written (passwords shown as ***), in document order
     * @param effective setting → value read back from the built pool
     * @param urlTimeouts the JDBC URL's timeout settings as written in it (name → value, or "none")
     * @param warnings one line per trap, each ending with its source in brackets
     */
    public record Result(PoolProfile profile, Map<String, String> attributes, Map<String, String> effective,
            Map<String, String> urlTimeouts, List<String> warnings) {
    }

    /**
     * Builds the profile's pool, reads its effective settings back, closes it, and lists the traps.
     *
     * @param p the profile
     * @param vars placeholder values (the database's URL, user, password)
     * @return the result
     * @throws TestbedException one line when the pool cannot be built
     */
    public static Result lint(PoolProfile p, Map<String, String> vars) {
        Map<String, String> resolved = p.resolvedAttributes(vars);
        PoolLogCapture<DataSource> built;
        try {
            built = PoolLogCapture.during(() -> p.createDataSource(vars));
        } catch (TestbedException e) {
            throw e;
        } catch (Exception e) {
            throw new TestbedException("profile " + p.file() + ": the pool cannot be built: " + e.getMessage());
        }
        DataSource ds = built.value();
        Map<String, String> effective;
        java.util.Properties driverProps;
        try {
            effective = p.kind().adapter().effectiveSettings(ds);
            driverProps = p.kind().adapter().driverProperties(ds);
        } finally {
            PoolProfile.close(ds);
        }
        String url = resolved.getOrDefault(p.kind().urlAttribute(), "");
        Map<String, String> timeouts = urlTimeouts(url);
        List<String> w = new ArrayList<>();
        p.warnings().forEach(x -> w.add(x + " [" + p.kind().factoryClass() + " source]"));
        // the pool's own decisions, in its own words: what it logged while it was built
        built.warnings().forEach(x -> w.add(where(p) + p.kind().adapter().displayName() + " logged: " + x));
        p.kind().adapter().traps(p.attributes()).forEach(x -> w.add(where(p) + x));
        // a socketTimeout the pool hands to the driver beside the URL counts as much as one in it
        if (timeouts.get("socketTimeout").equals("none") && driverProps.getProperty("socketTimeout") == null) {
            w.add(where(p) + "neither the JDBC URL nor the pool's driver properties set a socketTimeout: a server that stops answering (a failover, a"
                    + " network partition) blocks a borrower's query until the operating system gives up on the"
                    + " connection, about 15 minutes with Linux's default tcp_retries2 [Connector/J and pgjdbc"
                    + " documentation: socketTimeout defaults to 0, no timeout]");
        }
        if (p.kind().adapter().pooled() && p.kind().adapter().borrowTimeoutMs(p.attributes()) < 0) {
            w.add(where(p) + "the borrow timeout is unbounded: when the pool is exhausted a request waits for a"
                    + " connection forever instead of failing [" + p.kind().adapter().displayName()
                    + " documentation: " + (p.kind().adapter().borrowTimeoutAttribute() == null ? "its borrow timeout"
                    : p.kind().adapter().borrowTimeoutAttribute() + " = " + p.kind().adapter().unboundedBorrowTimeout())
                    + " waits without limit]");
        }
        if ("com.mysql.jdbc.Driver".equals(resolved.get("driverClassName"))) {
            w.add(where(p) + "driverClassName com.mysql.jdbc.Driver is Connector/J 5's name, a deprecated alias"
                    + " since 8.0: use com.mysql.cj.jdbc.Driver, or leave it out (the URL selects the driver)"
                    + " [Connector/J 8.0 release notes]");
        }
        Map<String, String> written = new LinkedHashMap<>();
        p.attributes().forEach((k, v) -> written.put(k, Redact.attribute(k, v)));
        return new Result(p, written, effective, timeouts, w);
    }

    private static String where(PoolProfile p) {
        return "profile " + p.file() + ", Resource " + p.resourceName() + ": ";
    }

    /**
     * The timeout settings of a JDBC URL, for MySQL Connector/J and pgjdbc alike.
     *
     * @param url JDBC URL
     * @return socketTimeout, connectTimeout and loginTimeout (as written: ms for Connector/J, s for pgjdbc) or
     *     {@code none}
     */
    static Map<String, String> urlTimeouts(String url) {
        Map<String, String> found = new LinkedHashMap<>();
        Matcher m = PARAM.matcher(url == null ? "" : url);
        while (m.find()) {
            found.put(m.group(1), m.group(2));
        }
        String unit = "mysql".equals(PoolKind.scheme(url)) ? " ms" : "postgresql".equals(PoolKind.scheme(url)) ? " s"
                : "";
        Map<String, String> out = new LinkedHashMap<>();
        for (String k : List.of("socketTimeout", "connectTimeout", "loginTimeout")) {
            String v = found.get(k);
            out.put(k, v == null || v.equals("0") ? "none" : v + unit);
        }
        return out;
    }

    /**
     * The lint as text: the lines {@code ./poolbench lint} prints and reports quote.
     *
     * @param r a result
     * @return several lines
     */
    public static String text(Result r) {
        StringBuilder sb = new StringBuilder();
        PoolProfile p = r.profile();
        sb.append("== ").append(p.file()).append(", Resource ").append(p.resourceName()).append(": ")
                .append(p.kind().adapter().displayName()).append(" (").append(p.kind().factoryClass()).append(")\n");
        sb.append("attributes as written:\n");
        r.attributes().forEach((k, v) -> sb.append("  ").append(k).append("=").append(v).append('\n'));
        sb.append("effective settings, read back from the built pool:\n");
        r.effective().forEach((k, v) -> sb.append("  ").append(k).append(": ").append(v).append('\n'));
        sb.append("  validation on borrow: ").append(p.borrowValidation()).append('\n');
        r.urlTimeouts().forEach((k, v) -> sb.append("  URL ").append(k).append(": ").append(v).append('\n'));
        if (r.warnings().isEmpty()) {
            sb.append("no warnings\n");
        }
        r.warnings().forEach(w -> sb.append("WARNING ").append(w).append('\n'));
        return sb.toString();
    }
}
