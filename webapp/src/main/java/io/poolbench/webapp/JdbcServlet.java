package io.poolbench.webapp;

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
    private transient DataSource ds;

    /** @param jndiName the resource name in context.xml, e.g. {@code jdbc/poolbench} */
    JdbcServlet(String jndiName) {
        this.jndiName = jndiName;
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
