package io.poolbench.suite;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rules of the layout (the README, "Layout"), held on the compiled main classes of this module:
 * a scenario is one package (its registration names it), no scenario package imports another or the CLI above it,
 * the shared packages ({@code process}, {@code tools}, {@code report}, {@code plan}) import no scenario, a command only
 * reads its options and builds its settings (no file, process or JSON work), and over every module on this
 * module's class path: no cycle between packages, no package of fewer than three classes unless its concern is one
 * class; the sizes of packages, files and methods printed, not capped.
 */
class LayoutTest {
    private static final String BASE = "io.poolbench.suite";
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(BASE);
    private static final JavaClasses WITH_DRILLS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(BASE, "io.poolbench.toxiproxy");
    /** Every module's main classes: tests left out, also those of a module's test jar (toxiproxy's). */
    private static final JavaClasses ALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar")).importPackages("io.poolbench");

    /**
     * @return the packages of the suite's scenarios in this module (the drills live in the toxiproxy module), as
     *     their registrations name them (failover-at-limit is a chain of the Aurora scenario's commands, in its
     *     package)
     */
    private static List<String> scenarioIds() {
        return Arrays.stream(SuiteEntry.values()).filter(e -> e != SuiteEntry.DRILLS).map(SuiteEntry::packageName)
                .distinct().toList();
    }

    @Test
    void everyScenarioIsThePackageItsRegistrationNames() {
        for (String id : scenarioIds()) {
            assertFalse(CLASSES.stream().noneMatch(c -> c.getPackageName().equals(BASE + "." + id)),
                    "no package " + BASE + "." + id + " for the suite's scenario " + id);
        }
    }

    @Test
    void noScenarioPackageImportsAnotherOrTheCli() {
        for (String id : scenarioIds()) {
            List<String> others = new ArrayList<>();
            for (String o : scenarioIds()) {
                if (!o.equals(id)) {
                    others.add(BASE + "." + o + "..");
                }
            }
            noClasses().that().resideInAPackage(BASE + "." + id + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others.toArray(String[]::new))
                    .because("the layout: no scenario package imports another; shared code goes to process/, tools/,"
                            + " report/ or testbed")
                    .check(CLASSES);
            noClasses().that().resideInAPackage(BASE + "." + id + "..")
                    .should().dependOnClassesThat().resideInAPackage(BASE)
                    .because("a scenario does not reach up into the CLI that registers it")
                    .check(CLASSES);
        }
    }

    @Test
    void sharedPackagesImportNoScenario() {
        String[] scenarios = scenarioIds().stream().map(id -> BASE + "." + id + "..").toArray(String[]::new);
        noClasses().that().resideInAnyPackage(BASE + ".process..", BASE + ".tools..", BASE + ".report..",
                        BASE + ".plan..")
                .should().dependOnClassesThat().resideInAnyPackage(scenarios)
                .because("process/, tools/, report/ and plan/ serve every scenario and belong to none")
                .check(CLASSES);
    }

    @Test
    void aCommandDoesNoFileProcessOrJsonWork() {
        noClasses().that().haveSimpleNameEndingWith("Command")
                .should().dependOnClassesThat(resideInAPackage("java.io..").and(not(equivalentTo(PrintStream.class)))
                        .as("java.io (but the console)"))
                .orShould().dependOnClassesThat().resideInAPackage("com.fasterxml.jackson..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.nio.file.Files")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.lang.ProcessBuilder")
                .because("a command holds options and builds its settings; its experiment does the work")
                .check(WITH_DRILLS);
    }

    @Test
    void noCycleBetweenPackages() {
        slices().matching("io.poolbench.(**)").should().beFreeOfCycles()
                .because("a package that imports one that imports it back is one concept in two places")
                .check(ALL);
    }

    /**
     * The packages whose concern is one class: fetching another version of a pool with Maven Resolver
     * ({@code ArtifactVersions}, beside the option that names the versions, {@code PoolVersionOption}).
     */
    static final List<String> ONE_CLASS_CONCERNS = List.of("io.poolbench.suite.versions");

    @Test
    void noPackageOfFewerThanThreeClassesButAOneClassConcern() {
        Map<String, Long> small = ALL.stream().filter(JavaClass::isTopLevelClass)
                .filter(c -> !c.getPackageName().endsWith(".jmh_generated"))
                .collect(Collectors.groupingBy(JavaClass::getPackageName, TreeMap::new, Collectors.counting()));
        small.values().removeIf(n -> n >= 3);
        ONE_CLASS_CONCERNS.forEach(small::remove);
        assertEquals(Map.of(), small, "packages of one or two classes: they go back into their concern, or their"
                + " concern is one class (ONE_CLASS_CONCERNS)");
    }

    /**
     * Sizes are shown, not capped: a concept takes the lines it needs (HikariCP's own {@code HikariPool} is one class
     * of 900). The largest packages, files and methods are printed so that growth is seen in every build's log.
     */
    @Test
    void sizesArePrintedNotCapped() throws IOException {
        Map<String, Long> packages = new TreeMap<>(ALL.stream().filter(JavaClass::isTopLevelClass)
                .filter(c -> !c.getPackageName().endsWith(".jmh_generated")) // JMH's generated code
                .collect(Collectors.groupingBy(JavaClass::getPackageName, Collectors.counting())));
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        Map<String, Integer> files = new TreeMap<>();
        Map<String, Integer> methods = new TreeMap<>();
        try (Stream<Path> all = Files.walk(Path.of(".."))) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                    && !p.toString().contains("/target/")).toList()) {
                files.put(f.getFileName().toString(), Files.readAllLines(f).size());
                CompilationUnit cu = parser.parse(f).getResult().orElseThrow();
                for (CallableDeclaration<?> m : cu.findAll(CallableDeclaration.class)) {
                    methods.merge(f.getFileName() + " " + m.getNameAsString(), m.getRange().map(r -> r.end.line
                            - r.begin.line + 1).orElse(0), Math::max);
                }
            }
        }
        System.out.println("layout: " + packages.size() + " packages, " + files.size() + " files; largest packages "
                + largest(packages) + "; largest files " + largest(files) + "; longest methods " + largest(methods));
        assertTrue(!files.isEmpty(), "no source found");
    }

    private static <N extends Number & Comparable<N>> String largest(Map<String, N> sizes) {
        return sizes.entrySet().stream().sorted(Map.Entry.<String, N>comparingByValue().reversed()).limit(5)
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
