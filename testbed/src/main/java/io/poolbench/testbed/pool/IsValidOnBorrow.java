package io.poolbench.testbed.pool;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.tomcat.jdbc.pool.PooledConnection;
import org.apache.tomcat.jdbc.pool.Validator;

/**
 * A Tomcat JDBC {@link Validator} that checks a connection with JDBC 4's {@code isValid(0)} on borrow and accepts
 * it without a check on every other occasion (return, idle, init), as HikariCP's own benchmark project configures
 * Tomcat JDBC (brettwooldridge/HikariCP-benchmark, {@code BenchBase.setupTomcat}: an anonymous validator of exactly
 * this behaviour). A profile names it with {@code validatorClassName}; Tomcat JDBC then calls it instead of running a
 * validation query, at most once per {@code validationInterval}.
 */
public final class IsValidOnBorrow implements Validator {
    /**
     * @param connection the connection to check
     * @param validateAction {@link PooledConnection#VALIDATE_BORROW} and the others
     * @return {@code connection.isValid(0)} on borrow (false when it throws), true otherwise
     */
    @Override
    public boolean validate(Connection connection, int validateAction) {
        if (validateAction != PooledConnection.VALIDATE_BORROW) {
            return true;
        }
        try {
            return connection.isValid(0);
        } catch (SQLException e) {
            return false;
        }
    }
}
