package io.poolbench.suite.seed001;

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
}
