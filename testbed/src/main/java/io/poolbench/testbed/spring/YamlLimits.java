package io.poolbench.testbed.spring;

import io.poolbench.testbed.Redact;
import io.poolbench.testbed.TestbedException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Refuses, in one line and before Spring Boot reads them, the YAML files that would take the JVM's memory or minutes:
 * Spring Boot's own loader ({@code OriginTrackedYamlLoader}) lifts SnakeYAML's limits on aliases and size, so an alias
 * bomb (nine levels of nine aliases: 9^9 nodes) runs the JVM out of memory. Each file Spring Boot would read beside the
 * given one ({@code <name>.yml}, {@code <name>.yaml}, {@code <name>-<profile>.yml|yaml}) is composed once with
 * SnakeYAML's limits set, and its node graph counted with every alias expanded, as a binder would see it.
 */
final class YamlLimits {
    /** The largest YAML file read, bytes: a service's configuration is a few kilobytes. */
    static final int MAX_BYTES = 1 << 20;
    /** The most nodes a YAML file may expand to, aliases expanded. */
    static final long MAX_NODES = 100_000;
    /** The most aliases of collections SnakeYAML accepts in one file (its own default is 50). */
    static final int MAX_ALIASES = 50;
    /** The deepest nesting SnakeYAML accepts. */
    static final int MAX_DEPTH = 50;

    private YamlLimits() {
    }

    /**
     * @param file the file given; its YAML siblings of the same base name are checked too
     * @throws TestbedException one line naming the file and the limit it passes
     */
    static void check(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot < 0 ? name : name.substring(0, dot);
        Path dir = file.toAbsolutePath().getParent();
        try (DirectoryStream<Path> yamls = Files.newDirectoryStream(dir, base + "{,-*}.{yml,yaml}")) {
            for (Path y : yamls) {
                if (Files.isRegularFile(y)) {
                    checkOne(y);
                }
            }
        } catch (IOException e) {
            throw new TestbedException(dir + ": cannot list its YAML files: " + Redact.rootMessage(e), e);
        }
    }

    private static void checkOne(Path file) {
        try {
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                throw new TestbedException(file + ": " + size / 1024 + " KiB, larger than the " + MAX_BYTES / 1024
                        + " KiB a service's configuration needs; refused before Spring Boot reads it");
            }
            LoaderOptions o = new LoaderOptions();
            o.setMaxAliasesForCollections(MAX_ALIASES);
            o.setNestingDepthLimit(MAX_DEPTH);
            o.setAllowRecursiveKeys(false);
            o.setCodePointLimit(MAX_BYTES);
            try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                for (Node doc : new Yaml(o).composeAll(r)) {
                    long n = count(doc, new IdentityHashMap<>());
                    if (n > MAX_NODES) {
                        throw new TestbedException(file + ": its aliases expand to more than " + MAX_NODES
                                + " nodes (an alias bomb?); refused before Spring Boot reads it");
                    }
                }
            }
        } catch (MarkedYAMLException e) {
            // a syntax error: Spring Boot's own message, with its line and column, follows
        } catch (YAMLException e) {
            throw new TestbedException(file + ": refused before Spring Boot reads it: " + Redact.oneLine(
                    e.getMessage()), e);
        } catch (IOException e) {
            throw new TestbedException(file + ": cannot read it: " + Redact.rootMessage(e), e);
        }
    }

    /** Nodes under {@code node}, itself included, every alias expanded; saturates just above {@link #MAX_NODES}. */
    private static long count(Node node, Map<Node, Long> seen) {
        Long known = seen.get(node);
        if (known != null) {
            // -1 marks a node whose count is under way: an alias to its own ancestor
            if (known < 0) {
                throw new YAMLException("an alias refers to a node that contains it");
            }
            return known;
        }
        seen.put(node, -1L);
        long n = 1;
        if (node instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                n += count(t.getKeyNode(), seen) + count(t.getValueNode(), seen);
                if (n > MAX_NODES) {
                    break;
                }
            }
        } else if (node instanceof SequenceNode s) {
            for (Node c : s.getValue()) {
                n += count(c, seen);
                if (n > MAX_NODES) {
                    break;
                }
            }
        }
        long capped = Math.min(n, MAX_NODES + 1);
        seen.put(node, capped);
        return capped;
    }
}
