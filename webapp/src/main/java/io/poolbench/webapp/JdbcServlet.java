package io.poolbench.webapp;

import io.poolbench.testbed.db.DataSet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import javax.sql.DataSource;

/**
 * A servlet that borrows from the JDBC pool bound at {@code java:comp/env/<jndiName>} (looked up once, when Tomcat
 * initialises it) and answers GET and POST alike, so JMeter plans and curl can use either.
 */
abstract class JdbcServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final String jndiName;
    private final DataSet data;
    private final transient RequestLogs logs;
    private transient DataSource ds;

    /**
     * @param jndiName the resource name in context.xml, e.g. {@code jdbc/poolbench}
     * @param data the data set the queries draw from
     * @param logs the records of every request
     */
    JdbcServlet(String jndiName, DataSet data, RequestLogs logs) {
        this.jndiName = jndiName;
        this.data = data;
        this.logs = logs;
    }

    /** @return the data set the queries draw from */
    DataSet data() {
        return data;
    }

    /** @return the records of every request */
    RequestLogs logs() {
        return logs;
    }

    @Override
    public void init() {
        ds = Json.lookupDataSource(jndiName);
    }

    /** @return the pool, once {@link #init()} ran */
    DataSource dataSource() {
        return ds;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        handle(req, resp);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        handle(req, resp);
    }

    /**
     * Serves one request.
     *
     * @param req the request
     * @param resp the response
     * @throws IOException when the response cannot be written
     */
    abstract void handle(HttpServletRequest req, HttpServletResponse resp) throws IOException;
}
