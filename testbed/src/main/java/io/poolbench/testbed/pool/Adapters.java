package io.poolbench.testbed.pool;

import io.poolbench.testbed.Redact;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/** What the adapters share: root messages and the bean-property view of pools configured as JavaBeans. */
final class Adapters {
    private Adapters() {
    }

    /**
     * @param t an exception
     * @return the first line of its root cause's message ({@link io.poolbench.testbed.Redact#rootMessage})
     */
    static String rootMessage(Throwable t) {
        return Redact.rootMessage(t);
    }

    /**
     * The attribute names a JNDI factory reads, from the private or protected static list it keeps them in
     * ({@code String[]} or {@code List<String>}), else the writable properties of the bean it builds.
     *
     * @param factory the factory class
     * @param fallbackBean the bean class, when the list cannot be read
     * @param fieldNames names the list may have, in order (they differ between versions)
     * @return the names
     */
    static Set<String> factoryPropertyNames(Class<?> factory, Class<?> fallbackBean, String... fieldNames) {
        for (String n : fieldNames) {
            try {
                Field f = factory.getDeclaredField(n);
                f.setAccessible(true);
                Object v = f.get(null);
                if (v instanceof String[]) {
                    return new TreeSet<>(Arrays.asList((String[]) v));
                }
                if (v instanceof Collection) {
                    Set<String> s = new TreeSet<>();
                    ((Collection<?>) v).forEach(x -> s.add(String.valueOf(x)));
                    return s;
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // try the next name, then the bean
            }
        }
        return writableProperties(fallbackBean);
    }


    /**
     * Checks one value of a DBCP-style factory (DBCP2, Tomcat DBCP, DBCP 1.4): {@code initialSize} only as an
     * integer, since with {@code initialSize > 0} the factory opens connections at once; anything else by the
     * factory itself.
     *
     * @param pool the pool's name for the message
     * @param attribute the attribute
     * @param value its value
     * @param build builds (and closes) a pool from the one attribute
     * @return null when fine, else what is wrong
     */
    static String dbcpStyleValueProblem(String pool, String attribute, String value, Build build) {
        if (attribute.equals("initialSize")) {
            try {
                Integer.parseInt(value);
                return null;
            } catch (NumberFormatException e) {
                return "not an integer";
            }
        }
        return factoryValueProblem(pool, build);
    }

    /** Builds (and closes) a pool from one attribute, as the factory would. */
    interface Build {
        /** @throws Exception what the factory throws for the value */
        void run() throws Exception;
    }

    /**
     * Checks one value by letting the pool's own factory read it.
     *
     * @param pool the pool's name for the message
     * @param build builds and closes a pool from the one attribute
     * @return null when the factory accepts it, else what is wrong
     */
    static String factoryValueProblem(String pool, Build build) {
        try {
            build.run();
            return null;
        } catch (NumberFormatException e) {
            return "not a number (" + rootMessage(e) + ")";
        } catch (InvocationTargetException e) {
            return e.getCause() instanceof NumberFormatException ? "not a number (" + rootMessage(e) + ")"
                    : pool + " rejects it (" + rootMessage(e) + ")";
        } catch (Exception e) {
            return pool + " rejects it (" + rootMessage(e) + ")";
        }
    }

    /**
     * @param beanClasses JavaBean classes
     * @return the names of their writable properties (what Tomcat's BeanFactory and bean-based factories set)
     */
    static Set<String> writableProperties(Class<?>... beanClasses) {
        Set<String> names = new TreeSet<>();
        for (Class<?> c : beanClasses) {
            try {
                for (PropertyDescriptor pd : Introspector.getBeanInfo(c).getPropertyDescriptors()) {
                    if (pd.getWriteMethod() != null) {
                        names.add(pd.getName());
                    }
                }
            } catch (IntrospectionException e) {
                // no properties known: every attribute is then reported as unknown
            }
        }
        return names;
    }

    /**
     * Checks a value against a bean property's type the way Tomcat's BeanFactory converts it (numbers with
     * {@code valueOf}, booleans with {@code Boolean.valueOf}, which reads anything but {@code true} as false).
     *
     * @param beanClass the bean
     * @param property a writable property
     * @param value the value
     * @return null when it converts, else what is wrong
     */
    static String beanValueProblem(Class<?> beanClass, String property, String value) {
        try {
            for (PropertyDescriptor pd : Introspector.getBeanInfo(beanClass).getPropertyDescriptors()) {
                if (!pd.getName().equals(property) || pd.getWriteMethod() == null) {
                    continue;
                }
                Class<?> t = pd.getWriteMethod().getParameterTypes()[0];
                try {
                    if (t == int.class || t == Integer.class) {
                        Integer.parseInt(value.trim());
                    } else if (t == long.class || t == Long.class) {
                        Long.parseLong(value.trim());
                    } else if (t == boolean.class || t == Boolean.class) {
                        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                            return "not true or false (read as false)";
                        }
                    } else if (t == double.class || t == Double.class) {
                        Double.parseDouble(value.trim());
                    }
                } catch (NumberFormatException e) {
                    return "not a number (" + e.getMessage() + ")";
                }
            }
        } catch (IntrospectionException e) {
            return null;
        }
        return null;
    }


    /**
     * The properties a pool hands to the driver beside the URL, without the credentials some pools add to them
     * (Tomcat JDBC's {@code getDbProperties}, DBCP's own connection properties once it has connected).
     *
     * @param given the pool's own properties object, may be null
     * @return a copy without {@code user} and {@code password}; empty for null
     */
    /**
     * @param props driver properties
     * @return them as DBCP's and Agroal's attribute writes them, {@code k=v;k=v}, sorted by name
     */
    static String joined(java.util.Properties props) {
        return props.stringPropertyNames().stream().sorted().map(k -> k + "=" + props.getProperty(k))
                .collect(java.util.stream.Collectors.joining(";"));
    }

    static java.util.Properties driverProperties(java.util.Properties given) {
        java.util.Properties p = new java.util.Properties();
        if (given != null) {
            given.forEach(p::put);
        }
        p.remove("user");
        p.remove("password");
        return p;
    }
}
