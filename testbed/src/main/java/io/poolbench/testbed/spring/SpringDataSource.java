package io.poolbench.testbed.spring;

import com.zaxxer.hikari.HikariDataSource;
import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import io.poolbench.testbed.pool.PoolAdapter;
import io.poolbench.testbed.pool.PoolKind;
import io.poolbench.testbed.profile.ProfileDir;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.boot.DefaultBootstrapContext;
import org.springframework.boot.autoconfigure.jdbc.DataSourceProperties;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.env.OriginTrackedMapPropertySource;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.boot.jdbc.DatabaseDriver;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * A Spring Boot service's DataSource as Spring Boot itself would build it from the service's
 * {@code application.properties} / {@code application.yml}: the file and its profile variants are loaded by Spring
 * Boot's own config-data loading ({@code ConfigDataEnvironmentPostProcessor}, multi-document YAML and
 * {@code spring.config.activate.on-profile} included), {@code spring.datasource.*} is bound by its {@link Binder} into
 * {@link DataSourceProperties}, the pool is created by {@link DataSourceBuilder} and {@code spring.datasource.hikari.*},
 * {@code .tomcat.*} or {@code .dbcp2.*} bound onto it, as Spring Boot 3.5's {@code DataSourceConfiguration} does.
 * The pool is not started: nothing connects.
 *
 * @param file the configuration file
 * @param dataSource the pool, configured and not started
 * @param poolPrefix the properties bound onto the pool, e.g. {@code spring.datasource.hikari}; empty for another
 *     type
 * @param url the JDBC URL (may hold a password; print it through {@code Redact.url})
 * @param ignored properties under {@code poolPrefix} that are no property of the pool: Spring Boot ignores them
 * @param idleProfiles the profiles given for which neither a document of the file nor a {@code <name>-<profile>.*}
 *     file beside it is: Spring Boot activates them without a word (a mistyped name leaves the defaults)
 * @param filesRead the files whose settings Spring Boot read, the one that wins where they disagree first: the file,
 *     a file of the same base name and another extension beside it ({@code .properties} wins over {@code .yml}), and
 *     the active profiles' {@code <name>-<profile>.*}; taken from the origins Spring Boot records for its settings
 */
public record SpringDataSource(Path file, DataSource dataSource, String poolPrefix, String url,
        List<String> ignored, List<String> idleProfiles, List<Path> filesRead) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}:]+)");

    /**
     * @param file {@code application.properties}, {@code .yml} or {@code .yaml} (any base name)
     * @param profiles Spring profiles to activate (their {@code <name>-<profile>.*} files and documents)
     * @param sets properties that take precedence over the files (values for placeholders, or a change to try)
     * @return the DataSource Spring Boot would build
     * @throws TestbedException one line for a missing file, a syntax error, a file without a datasource, a
     *     placeholder without a value, a driver class that is not on the class path, or a YAML file past the limits
     *     of {@link YamlLimits} (an alias bomb, over 1 MiB)
     */
    public static SpringDataSource bind(Path file, List<String> profiles, Map<String, String> sets) {
        if (!ProfileDir.readableFile(file)) {
            throw new TestbedException(file + " " + ProfileDir.notAFile(file) + ": give an application.properties or"
                    + " application.yml");
        }
        sets.keySet().stream().filter(k -> k == null || k.isBlank()).findFirst().ifPresent(k -> {
            throw new TestbedException("--set with no property name before '=': give --set NAME=VALUE, e.g. --set"
                    + " DB_URL=jdbc:mysql://db:3306/app");
        });
        YamlLimits.check(file);
        StandardEnvironment env = load(file, profiles, sets);
        // a profile is idle when the files Spring Boot reads are the same without it
        List<String> sources = sourceNames(env);
        List<String> idle = profiles.stream().filter(p -> sourceNames(load(file, profiles.stream()
                .filter(q -> !q.equals(p)).toList(), sets)).equals(sources)).toList();
        Binder binder = Binder.get(env);
        ClassLoader cl = SpringDataSource.class.getClassLoader();
        try {
            if (!binder.bind("spring.datasource", Bindable.mapOf(String.class, Object.class)).isBound()) {
                throw new TestbedException(file + ": no spring.datasource.* in it" + (profiles.isEmpty() ? ""
                        : " (profiles " + profiles + ")") + "; give the file that configures the service's"
                        + " DataSource");
            }
            DataSourceProperties props = binder.bind("spring.datasource", Bindable.ofInstance(
                    new DataSourceProperties())).orElseGet(DataSourceProperties::new);
            props.setBeanClassLoader(cl);
            props.afterPropertiesSet();
            String url = props.determineUrl();
            placeholder("spring.datasource.url", url);
            placeholder("spring.datasource.username", props.determineUsername());
            // DataSourceAutoConfiguration.PooledDataSourceConfiguration: HikariCP unless spring.datasource.type says
            Class<? extends DataSource> type = props.getType() != null ? props.getType() : HikariDataSource.class;
            DataSource ds = DataSourceBuilder.create(cl).type(type).driverClassName(props.determineDriverClassName())
                    .url(url).username(props.determineUsername()).password(props.determinePassword()).build();
            String prefix = prefix(ds);
            if (ds instanceof HikariDataSource h && props.getName() != null && !props.getName().isBlank()) {
                h.setPoolName(props.getName());
            }
            if (ds instanceof org.apache.tomcat.jdbc.pool.DataSource t) {
                // DataSourceConfiguration.Tomcat: the driver's validation query, on borrow
                String q = DatabaseDriver.fromJdbcUrl(url).getValidationQuery();
                if (q != null) {
                    t.setTestOnBorrow(true);
                    t.setValidationQuery(q);
                }
            }
            if (!prefix.isEmpty()) {
                binder.bind(prefix, Bindable.ofInstance(ds));
            }
            return new SpringDataSource(file, ds, prefix, url, prefix.isEmpty() ? List.of()
                    : unbound(binder, prefix, type), idle, filesRead(env));
        } catch (TestbedException e) {
            throw e;
        } catch (BindException e) {
            throw new TestbedException(file + ": Spring Boot cannot bind " + boundFrom(e) + ": " + bindProblem(e));
        } catch (Exception e) {
            Throwable root = Redact.rootCause(e);
            throw new TestbedException(file + ": Spring Boot cannot build its DataSource: " + (root
                    instanceof ClassNotFoundException ? notOnClassPath(root.getMessage()) : Redact.rootMessage(e)));
        }
    }

    /**
     * @param poolName the pool's name for people, e.g. {@code HikariCP}
     * @return one sentence per setting nothing reads: each property under {@link #poolPrefix} that is no property of
     *     the pool, then each profile of {@link #idleProfiles}
     */
    public List<String> notRead(String poolName) {
        List<String> out = new ArrayList<>();
        ignored.forEach(n -> out.add(n + ": not a property of " + poolName + "; Spring Boot ignores it"));
        idleProfiles.forEach(p -> out.add("--spring-profile " + p + ": no document of " + file.getFileName()
                + " and no file beside it is for this profile; Spring Boot activates it and changes nothing"));
        return out;
    }

    /** The file and its profile variants as Spring Boot's config-data loading reads them, with {@code --set} above. */
    private static StandardEnvironment load(Path file, List<String> profiles, Map<String, String> sets) {
        String name = file.getFileName().toString();
        StandardEnvironment env = new StandardEnvironment();
        // only the file and --set: the machine's environment variables are not the service's
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        env.getPropertySources().addFirst(new MapPropertySource("--set", new LinkedHashMap<>(sets)));
        Path dir = file.toAbsolutePath().getParent();
        env.getPropertySources().addLast(new MapPropertySource("check", Map.of("spring.config.location", "file:"
                + dir + "/", "spring.config.name", name.substring(0, name.lastIndexOf('.')))));
        try {
            ConfigDataEnvironmentPostProcessor.applyTo(env, new DefaultResourceLoader(), new DefaultBootstrapContext(),
                    profiles);
        } catch (RuntimeException e) {
            throw new TestbedException(file + ": Spring Boot cannot read it: " + yamlProblem(e));
        }
        return env;
    }

    /**
     * @return where the settings were read from, for a reader who has several files beside each other: the file
     *     alone, or the file and every file Spring Boot read, the winning one first
     */
    public String describeFiles() {
        Path given = file.toAbsolutePath().normalize();
        if (filesRead.stream().allMatch(given::equals)) {
            return file.toString();
        }
        return file + " (Spring Boot read " + filesRead.stream().map(f -> f.getFileName().toString())
                .collect(Collectors.joining(", ")) + "; where they disagree, the first wins)";
    }

    /** The files behind Spring Boot's config-data property sources, highest precedence first, each once. */
    private static List<Path> filesRead(StandardEnvironment env) {
        Set<Path> out = new LinkedHashSet<>();
        for (PropertySource<?> ps : env.getPropertySources()) {
            if (!(ps instanceof OriginTrackedMapPropertySource source) || source.getPropertyNames().length == 0) {
                continue; // --set, the location given to Spring Boot, an empty document
            }
            Origin o = source.getOrigin(source.getPropertyNames()[0]);
            while (o != null && !(o instanceof TextResourceOrigin)) {
                o = o.getParent();
            }
            if (o instanceof TextResourceOrigin t && t.getResource() != null && t.getResource().isFile()) {
                try {
                    out.add(t.getResource().getFile().toPath().toAbsolutePath().normalize());
                } catch (IOException e) {
                    // a resource that says it is a file and then is none: no file read
                }
            }
        }
        return List.copyOf(out);
    }

    private static List<String> sourceNames(StandardEnvironment env) {
        return env.getPropertySources().stream().map(PropertySource::getName).toList();
    }

    /** @return the pool's own prefix, as its adapter knows it ({@link PoolAdapter#springPrefix}); empty for none */
    private static String prefix(DataSource ds) {
        return Arrays.stream(PoolKind.values()).filter(k -> k != PoolKind.UNPOOLED && k.adapter().builds(ds))
                .map(k -> k.adapter().springPrefix()).findFirst().orElse("");
    }

    /**
     * @return the property a binding failed on, as the user wrote it: its name, and the file and line (or
     *     {@code --set}) Spring Boot records as its origin; never its value, which may be a password
     */
    private static String boundFrom(BindException e) {
        if (e.getProperty() == null) {
            return e.getName().toString();
        }
        Origin o = e.getProperty().getOrigin();
        return e.getProperty().getName() + (o != null ? " (" + o + ")" : " (--set)");
    }

    /** The properties Spring Boot's binder leaves unbound under the prefix: its own NoUnboundElementsBindHandler. */
    private static List<String> unbound(Binder binder, String prefix, Class<? extends DataSource> type)
            throws ReflectiveOperationException {
        DataSource fresh = type.getDeclaredConstructor().newInstance();
        try {
            binder.bind(ConfigurationPropertyName.of(prefix), Bindable.ofInstance(fresh),
                    new NoUnboundElementsBindHandler(BindHandler.DEFAULT));
            return List.of();
        } catch (BindException e) {
            List<String> out = new ArrayList<>();
            if (e.getCause() instanceof UnboundConfigurationPropertiesException u) {
                u.getUnboundProperties().forEach(p -> out.add(p.getName().toString()));
            }
            return out;
        } finally {
            if (fresh instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // never started
                }
            }
        }
    }

    /**
     * Why a binding failed, in the user's terms: a placeholder that refers to itself, one left without a value in a
     * setting that must be a number, a {@code spring.datasource.type} that is not on the class path; else the root
     * message (never the value, which may be a password).
     */
    private static String bindProblem(BindException e) {
        String root = Redact.rootMessage(e);
        Matcher circular = Pattern.compile("Circular placeholder reference '([^']+)'").matcher(root);
        if (circular.find()) {
            return "the placeholder ${" + circular.group(1) + "} refers to itself (a --set or property whose value"
                    + " names it again): give it a value, e.g. --set " + circular.group(1) + "=VALUE";
        }
        Matcher m = PLACEHOLDER.matcher(root);
        if (m.find()) {
            return "it uses the placeholder ${" + m.group(1) + "}, which has no value: give it with --set "
                    + m.group(1) + "=VALUE";
        }
        if ("spring.datasource.type".equals(e.getName().toString())
                && Redact.rootCause(e) instanceof ClassNotFoundException cnf) {
            return notOnClassPath(cnf.getMessage());
        }
        return root;
    }

    private static String notOnClassPath(String className) {
        return "class " + className + " is not on poolbench's class path (spring.datasource.type names a pool"
                + " poolbench does not carry: HikariCP, Tomcat JDBC, DBCP2, c3p0, Vibur, …)";
    }

    private static void placeholder(String property, String value) {
        Matcher m = PLACEHOLDER.matcher(value == null ? "" : value);
        if (m.find()) {
            throw new TestbedException(property + " uses the placeholder ${" + m.group(1) + "}, which has no value:"
                    + " give it with --set " + m.group(1) + "=VALUE");
        }
    }

    /** SnakeYAML's own problem and where it is (its marks count from 0), else the root message's first line. */
    private static String yamlProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof org.yaml.snakeyaml.error.MarkedYAMLException m && m.getProblemMark() != null) {
                return m.getProblem() + " at line " + (m.getProblemMark().getLine() + 1) + ", column "
                        + (m.getProblemMark().getColumn() + 1);
            }
        }
        return Redact.rootMessage(e);
    }
}
