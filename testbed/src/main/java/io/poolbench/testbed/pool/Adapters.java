package io.poolbench.testbed.pool;

import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.Set;
import java.util.TreeSet;

/** What the adapters share: root messages and the bean-property view of pools configured as JavaBeans. */
final class Adapters {
    private Adapters() {
    }

    /**
     * @param t an exception
     * @return the message of its root cause (or the root's class name), first line only
     */
    static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return io.poolbench.testbed.Redact.oneLine(c.getMessage() != null ? c.getMessage() : c.toString());
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

}
