package io.poolbench.webapp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/** JSON responses (Jackson) and the JNDI lookup the servlets share. */
final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Json() {
    }

    /**
     * The pool a servlet serves from, looked up in the webapp's JNDI context.
     *
     * @param jndiName resource name under {@code java:comp/env/}
     * @return the DataSource
     * @throws IllegalStateException when the lookup fails
     */
    static DataSource lookupDataSource(String jndiName) {
        try {
            return (DataSource) new InitialContext().lookup("java:comp/env/" + jndiName);
        } catch (NamingException e) {
            throw new IllegalStateException("JNDI lookup of java:comp/env/" + jndiName + " failed: " + e, e);
        }
    }

    static void send(HttpServletResponse resp, int status, Object body) throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        MAPPER.writeValue(resp.getOutputStream(), body);
    }

    static void error(HttpServletResponse resp, int status, String error, String message, Map<String, Object> extra)
            throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", error);
        m.put("message", message);
        if (extra != null) {
            m.putAll(extra);
        }
        send(resp, status, m);
    }
}
