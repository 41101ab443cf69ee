package io.poolbench.toxiproxy.drill;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.db.Dialect;
import io.poolbench.testbed.db.JdbcAddress;
import io.poolbench.toxiproxy.ExternalCluster;
import picocli.CommandLine.Option;

/**
 * The drills' external mode as picocli options (a mixin of {@code poolbench drill}): the user's own Toxiproxy and
 * MySQL writer/replica instead of Testcontainers. Passwords come from the environment only
 * ({@code POOLBENCH_ADMIN_PASSWORD}, {@code POOLBENCH_JDBC_PASSWORD}), never from the command line.
 */
public final class ExternalOptions {
    @Option(names = "--external", description = "Use your own Toxiproxy and MySQL writer/replica instead of Docker"
            + " (needs the --toxiproxy-url ... options below; passwords from POOLBENCH_ADMIN_PASSWORD and"
            + " POOLBENCH_JDBC_PASSWORD).")
    boolean externalMode;

    @Option(names = "--toxiproxy-url", defaultValue = "http://127.0.0.1:8474", description = "External: Toxiproxy API (default ${DEFAULT-VALUE}).")
    String toxiproxyUrl;

    @Option(names = "--proxy-a", defaultValue = "poolbench-a", description = "External: proxy in front of writer A (default ${DEFAULT-VALUE}).")
    String proxyA;

    @Option(names = "--proxy-b", defaultValue = "poolbench-b", description = "External: proxy in front of replica B (default ${DEFAULT-VALUE}).")
    String proxyB;

    @Option(names = "--endpoint-a", description = "External: address:port where proxy A listens, e.g. 127.0.0.2:3306.")
    String endpointA;

    @Option(names = "--endpoint-b", description = "External: address:port where proxy B listens, same port, e.g. 127.0.0.3:3306.")
    String endpointB;

    @Option(names = "--admin-url-a", description = "External: JDBC URL straight to A (administration, not through the proxy).")
    String adminUrlA;

    @Option(names = "--admin-url-b", description = "External: JDBC URL straight to B.")
    String adminUrlB;

    @Option(names = "--admin-user", defaultValue = "root", description = "External: administrative user (default ${DEFAULT-VALUE}).")
    String adminUser;

    @Option(names = "--replication-host-a", description = "External: A's host:port as B sees it (default: from --admin-url-a).")
    String replicationHostA;

    @Option(names = "--replication-host-b", description = "External: B's host:port as A sees it (default: from --admin-url-b).")
    String replicationHostB;

    @Option(names = "--jdbc-user", defaultValue = "poolbench", paramLabel = "USER", description = "External: application user (default ${DEFAULT-VALUE}).")
    String appUser;

    @Option(names = "--database", defaultValue = "poolbench", description = "External: database (default ${DEFAULT-VALUE}).")
    String database;

    /**
     * @return the external cluster's settings, with the passwords from the environment
     * @throws TestbedException one line naming an endpoint or admin URL that is missing
     */
    ExternalCluster.Settings settings() {
        for (String[] o : new String[][] {{"--endpoint-a", endpointA}, {"--endpoint-b", endpointB},
                {"--admin-url-a", adminUrlA}, {"--admin-url-b", adminUrlB}}) {
            if (o[1] == null) {
                throw new TestbedException("--external needs " + o[0] + " (see ./poolbench drill --help)");
            }
        }
        return new ExternalCluster.Settings(toxiproxyUrl, proxyA, proxyB, endpointA, endpointB, adminUrlA, adminUrlB,
                adminUser, env("POOLBENCH_ADMIN_PASSWORD"), replicationHostA != null ? replicationHostA
                : hostOf("--admin-url-a", adminUrlA), replicationHostB != null ? replicationHostB : hostOf(
                "--admin-url-b", adminUrlB), appUser,
                env("POOLBENCH_JDBC_PASSWORD"), database);
    }

    private static String env(String name) {
        String v = System.getenv(name);
        return v == null ? "" : v;
    }

    /**
     * @param option the option that gave it, for the error
     * @param jdbcUrl a {@code jdbc:mysql:} URL
     * @return host:port of the instance it names, read by Connector/J's own parser ({@link JdbcAddress}; port 3306
     *     where the URL names none)
     * @throws TestbedException one line for a URL that is not MySQL's or that Connector/J cannot parse
     */
    static String hostOf(String option, String jdbcUrl) {
        return JdbcAddress.of(jdbcUrl, Dialect.MYSQL).orElseThrow(() -> new TestbedException(option + " "
                + Redact.url(jdbcUrl) + ": not a MySQL URL; give e.g. jdbc:mysql://db-a:3306/poolbench")).endpoint();
    }
}
