package dev.ycsbmongo.orchestrator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The orchestrator's packages in layers, read from the compiled classes (every use, not only import lines): a
 * package uses only the layers below its own, never one beside it or above, so data flows one way and no
 * package cycle can form. The order is the one docs/architecture.md draws; a package added to the orchestrator
 * must be placed here, or the test fails.
 */
class PackageLayersTest {

  private static final String ROOT = "dev.ycsbmongo.orchestrator";

  /** Bottom first; packages on one line are siblings, which must not use each other either. */
  static final List<List<String>> LAYERS = List.of(
      List.of("", "capacity"),  // the root package: file names, output files, host name, causes; the capacity search
      List.of("plan", "stats", "host"),
      List.of("results"),
      List.of("process"),
      List.of("embedded", "kubernetes", "clients", "metrics", "replset"),
      List.of("connections"),
      List.of("launch", "report"),
      List.of("check"),
      List.of("exec"),
      List.of("live"),
      List.of("cli"));

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages(ROOT);
  }

  @Test
  void eachPackageUsesOnlyTheLayersBelowIt() {
    LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
    List<String> names = new ArrayList<>();
    for (List<String> layer : LAYERS) {
      for (String pkg : layer) {
        String name = pkg.isEmpty() ? "root" : pkg;
        layers = pkg.isEmpty() ? layers.layer(name).definedBy(ROOT) : layers.layer(name).definedBy(ROOT + "." + pkg + "..");
        names.add(name);
      }
    }
    int first = 0;
    for (List<String> layer : LAYERS) {
      List<String> above = names.subList(first + layer.size(), names.size());
      for (int i = 0; i < layer.size(); i++) {
        String name = names.get(first + i);
        layers = above.isEmpty() ? layers.whereLayer(name).mayNotBeAccessedByAnyLayer()
            : layers.whereLayer(name).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
      }
      first += layer.size();
    }
    layers.check(classes);
  }

  @Test
  void everyPackageHasALayer() {
    noClasses().should().resideOutsideOfPackages(LAYERS.stream().flatMap(List::stream)
            .map(p -> p.isEmpty() ? ROOT : ROOT + "." + p + "..").toArray(String[]::new))
        .because("a new package is placed in PackageLayersTest.LAYERS and drawn in docs/architecture.md")
        .check(classes);
  }

  @Test
  void noCycleBetweenPackages() {
    slices().matching(ROOT + ".(*)..").should().beFreeOfCycles().check(classes);
  }

  @Test
  void runningTheMatrixWritesNoReport() {
    // the run hands the finished directory to the report (cli wires SummaryFiles in); exec never renders one
    noClasses().that().resideInAPackage(ROOT + ".exec..").should().dependOnClassesThat()
        .resideInAPackage(ROOT + ".report..").check(classes);
  }
}
