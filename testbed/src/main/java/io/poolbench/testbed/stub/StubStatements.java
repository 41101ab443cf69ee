package io.poolbench.testbed.stub;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;

/**
 * Statements and result sets of the stub driver: every {@code execute*} is one round trip
 * ({@link StubDelays#executeUs()}, counted in {@link StubStats#EXECUTE}) and yields one row holding the number 1.
 * They are dynamic proxies: enough for pools' validation queries and connection init SQL; the statement
 * benchmarks of pool-bench measure pool overhead around them, identical for both pools.
 */
final class StubStatements {
    private StubStatements() {
    }

    static Statement statement(StubConnection conn, String prepared) {
        boolean[] closed = {false};
        InvocationHandler h = (proxy, m, args) -> {
            String n = m.getName();
            switch (n) {
                case "executeQuery":
                    round(conn, sqlOf(prepared, args));
                    return resultSet();
                case "execute":
                    round(conn, sqlOf(prepared, args));
                    return Boolean.TRUE;
                case "executeUpdate":
                case "executeLargeUpdate":
                    round(conn, sqlOf(prepared, args));
                    return n.equals("executeUpdate") ? (Object) 1 : (Object) 1L;
                case "getResultSet":
                    return resultSet();
                case "getUpdateCount":
                    return -1;
                case "getMoreResults":
                    return Boolean.FALSE;
                case "close":
                    closed[0] = true;
                    return null;
                case "isClosed":
                    return closed[0];
                case "getConnection":
                    return conn;
                case "getWarnings":
                    return null;
                case "unwrap":
                    return proxy;
                case "isWrapperFor":
                    return Boolean.FALSE;
                default:
                    return defaultValue(m.getReturnType());
            }
        };
        Class<?> iface = prepared == null ? Statement.class : PreparedStatement.class;
        return (Statement) proxy(iface, "StubStatement[" + prepared + "]", h);
    }

    private static void round(StubConnection conn, String sql) {
        if (isValidation(sql)) {
            conn.roundTrip(StubConnection.VALIDATE, StubStats.VALIDATE, conn.delays().validUs());
        } else {
            conn.roundTrip(StubConnection.EXECUTE, StubStats.EXECUTE, conn.delays().executeUs());
        }
    }

    /**
     * Whether a statement is a pool's validation or writer check (counted and delayed as validation, like
     * {@code isValid()}): {@code SELECT 1} in its usual spellings, or the Aurora article's {@code concheck.validation()}.
     *
     * @param sql statement text, may be null
     * @return true for a validation statement
     */
    static boolean isValidation(String sql) {
        if (sql == null) {
            return false;
        }
        String s = sql.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        return s.equals("select 1") || s.equals("select 1 from dual") || s.contains("concheck.validation");
    }

    private static String sqlOf(String prepared, Object[] args) {
        if (prepared != null) {
            return prepared;
        }
        return args != null && args.length > 0 && args[0] instanceof String ? (String) args[0] : null;
    }

    private static ResultSet resultSet() {
        int[] row = {0};
        InvocationHandler h = (proxy, m, args) -> {
            switch (m.getName()) {
                case "next":
                    return ++row[0] == 1;
                case "getInt":
                    return 1;
                case "getLong":
                    return 1L;
                case "getString":
                    return "1";
                case "getObject":
                    return 1;
                case "wasNull":
                    return Boolean.FALSE;
                default:
                    return defaultValue(m.getReturnType());
            }
        };
        return (ResultSet) proxy(ResultSet.class, "StubResultSet", h);
    }

    /**
     * A proxy of one JDBC interface whose {@code hashCode}, {@code equals} and {@code toString} are the object's own
     * (identity, and the given name) and whose other methods go to the handler.
     */
    private static Object proxy(Class<?> iface, String name, InvocationHandler jdbc) {
        InvocationHandler h = (proxy, m, args) -> switch (m.getName()) {
            case "hashCode" -> System.identityHashCode(proxy);
            case "equals" -> proxy == args[0];
            case "toString" -> name;
            default -> jdbc.invoke(proxy, m, args);
        };
        return Proxy.newProxyInstance(StubStatements.class.getClassLoader(), new Class<?>[] {iface}, h);
    }

    private static Object defaultValue(Class<?> t) {
        if (!t.isPrimitive() || t == void.class) {
            return null;
        }
        if (t == boolean.class) {
            return Boolean.FALSE;
        }
        if (t == long.class) {
            return 0L;
        }
        if (t == double.class) {
            return 0d;
        }
        if (t == float.class) {
            return 0f;
        }
        if (t == short.class) {
            return (short) 0;
        }
        if (t == byte.class) {
            return (byte) 0;
        }
        if (t == char.class) {
            return (char) 0;
        }
        return 0;
    }
}
