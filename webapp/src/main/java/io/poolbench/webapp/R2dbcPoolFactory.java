package io.poolbench.webapp;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.pool.ResourceAttributes;
import io.poolbench.testbed.pool.ResourceFactory;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import java.time.Duration;
import java.util.Map;
import javax.naming.NamingException;

/**
 * Tomcat JNDI factory of an R2DBC profile ({@code <Resource type="io.r2dbc.spi.ConnectionFactory"
 * factory="io.poolbench.webapp.R2dbcPoolFactory" ...>}, see {@link io.poolbench.testbed.profile.R2dbcProfile}): builds
 * r2dbc-pool's {@link ConnectionPool} the library's own way, through {@link ConnectionFactories#get} with driver
 * {@code pool}, the profile's {@code url} as protocol, host, port and database, and every other attribute passed
 * as the r2dbc-pool option of the same name (r2dbc-pool parses the strings: integers, ISO-8601 durations). The pool
 * is warmed up to {@code initialSize} before the lookup returns, as the JDBC profiles fill theirs
 * ({@code minimumIdle} = size), so the first requests do not pay for connecting. Tomcat closes it through
 * {@code closeMethod="dispose"}.
 */
public final class R2dbcPoolFactory extends ResourceFactory {
    /** How long the warm-up may take before the lookup fails, s. */
    static final int WARMUP_SECONDS = 60;

    /** @throws NamingException one line, the password left out, when r2dbc cannot build or warm up the pool */
    @Override
    protected Object build(Map<String, String> attrs) throws NamingException {
        try {
            return create(attrs);
        } catch (RuntimeException ex) {
            NamingException ne = new NamingException("r2dbc-pool could not be built: "
                    + Redact.secret(Redact.oneLine(
                            Redact.rootCause(ex).toString()), attrs.get("password")));
            ne.setRootCause(ex);
            throw ne;
        }
    }

    /**
     * Builds and warms up the pool.
     *
     * @param attrs resolved profile attributes ({@code url}, {@code username}, {@code password}, r2dbc-pool options;
     *     Tomcat's own are skipped)
     * @return the pool, holding {@code initialSize} connections
     * @throws RuntimeException from r2dbc when the URL is bad or the database cannot be reached
     */
    static ConnectionPool create(Map<String, String> attrs) {
        ConnectionFactoryOptions url = ConnectionFactoryOptions.parse(attrs.get("url"));
        ConnectionFactoryOptions.Builder b = ConnectionFactoryOptions.builder().from(url)
                .option(ConnectionFactoryOptions.DRIVER, "pool")
                .option(ConnectionFactoryOptions.PROTOCOL, (String) url.getRequiredValue(ConnectionFactoryOptions.DRIVER));
        attrs.forEach((k, v) -> {
            if (k.equals("url") || ResourceAttributes.TOMCAT.contains(k)) {
                return;
            }
            switch (k) {
                case "username":
                    b.option(ConnectionFactoryOptions.USER, v);
                    break;
                case "password":
                    if (!v.isEmpty()) {
                        b.option(ConnectionFactoryOptions.PASSWORD, v);
                    }
                    break;
                default:
                    b.option(Option.valueOf(k), v);
            }
        });
        ConnectionPool pool = (ConnectionPool) ConnectionFactories.get(b.build());
        try {
            pool.warmup().block(Duration.ofSeconds(WARMUP_SECONDS));
        } catch (RuntimeException ex) {
            pool.dispose();
            throw ex;
        }
        return pool;
    }
}
