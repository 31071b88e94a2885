package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.check.PairingPreview;
import dev.ycsbmongo.orchestrator.check.PlanCheck;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.MatrixPrinter;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.PlanException;
import dev.ycsbmongo.orchestrator.plan.PlanLoader;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.report.StoredReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report.describes}: read and checked with the plan, in every comparison's rules, kept in the
 * run's plan.yaml for every redraw, and what {@code validate} predicts with and without it.
 */
class DescribesTest {

  /** Study 2 in small: medium and large on two clouds whose machines differ in cores; lines 1-14. */
  private static final String PLAN = """
      name: clouds
      targets:
        - {name: aws-medium, uri: embedded, labels: {cloud: AWS, size: medium, cores: 1}}
        - {name: azure-medium, uri: embedded, labels: {cloud: Azure, size: medium, cores: 2}}
        - {name: aws-large, uri: embedded, labels: {cloud: AWS, size: large, cores: 2}}
        - {name: azure-large, uri: embedded, labels: {cloud: Azure, size: large, cores: 4}}
      scenarios:
        - {name: a}
      properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
      sweep:
        threads: [1, 8]
      report:
        compare:
          - cloud=AWS,Azure
      """;

  private static final HostLimits SMALL = HostLimits.fixed(32_310, "a test machine");

  private static PlanCheck.Checked check(String yaml) {
    return PlanCheck.load(yaml, Path.of("plan.yaml"), Map.of(), new PlanCheck.Options(false, SMALL));
  }

  private static Plan load(String yaml) {
    return PlanLoader.load(yaml, Path.of("plan.yaml"), Map.of());
  }

  @Test
  void validatePredictsAnEmptyComparisonNamingTheLabelAndItsValues() {
    assertEquals(List.of("plan.yaml:14: report.compare[0]: 'cloud=AWS,Azure' will pair nothing: it will leave 8 cells"
        + " unpaired because target labels other than cloud differ: aws-medium vs azure-medium: cores differs: 1 (AWS)"
        + " vs 2 (Azure) (a); aws-large vs azure-large: cores differs: 2 (AWS) vs 4 (Azure) (a); if these labels"
        + " describe the target rather than tell cells apart, write report.describes: [cores] in the plan, or drop"
        + " them from the targets"), check(PLAN).warnings());
  }

  @Test
  void withDescribesTheComparisonPairsAndValidateSaysNothing() {
    PlanCheck.Checked checked = check(PLAN + "  describes: [cores]\n");
    assertEquals(List.of(), checked.warnings());
    assertEquals(List.of("cores"), checked.matrix().plan().describes());
    assertEquals(new PairingRules(Set.of(), List.of(), List.of("cores")),
        checked.matrix().plan().comparisons().get(0).rules(), "in every comparison's rules");
    assertEquals(4, PairingPreview.preview(checked.matrix(), checked.matrix().plan().comparisons().get(0))
        .orElseThrow().pairs(), "medium and large at 1 and 8 threads");
    assertTrue(MatrixPrinter.render(checked.matrix()).contains("\ndescribes (not matched when pairing): cores\n"));
  }

  @Test
  void aMappingEntryKeepsItsOwnRulesBesideThePlansDescribes() {
    Plan p = load(PLAN.replace("- cloud=AWS,Azure", "- {by: \"cloud=AWS,Azure\", differing: [threads]}") + "  describes: cores\n");
    assertEquals(new PairingRules(Set.of(CellProperty.THREADS), List.of(), List.of("cores")),
        p.comparisons().get(0).rules(), "one word as a list of one");
    assertFalse(p.comparisons().get(0).rules().isDefault(), "differing is the entry's");
    assertTrue(new PairingRules(Set.of(), List.of(), List.of("cores")).isDefault(), "describes is the plan's");
  }

  @Test
  void aComparisonThatPairsNothingForNoLabelIsSaidToPairNothing() {
    // threads and recordcount vary together: no 8-thread cell has the records of a 1-thread one
    String yaml = """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, operationcount: 10}
        zip:
          - {threads: [1, 8], recordcount: [10, 20]}
        report:
          compare:
            - threads=1,8
        """;
    assertEquals(List.of("plan.yaml:9: report.compare[0]: 'threads=1,8' will pair nothing: no cell with threads=8 has"
        + " the scenario and coordinates of a cell with threads=1"), check(yaml).warnings());
  }

  @Test
  void rejectsALabelNoTargetHasNamingTheChoices() {
    PlanException e = assertThrows(PlanException.class, () -> load(PLAN + "  describes: [coers]\n"));
    assertEquals("plan.yaml:15: report.describes: 'coers' is not a label of any target; accepted: cloud, size, cores"
        + " (did you mean 'cores'?)", e.getMessage());
  }

  @Test
  void rejectsWhatIsNotAListOfLabels() {
    PlanException map = assertThrows(PlanException.class, () -> load(PLAN + "  describes: {cores: 1}\n"));
    assertTrue(map.getMessage().startsWith("plan.yaml:15: report.describes: expected a list of target label keys such as"
        + " cores, found "), map.getMessage());
    PlanException twice = assertThrows(PlanException.class, () -> load(PLAN + "  describes: [cores, cores]\n"));
    assertEquals("plan.yaml:15: report.describes: 'cores' is listed twice; expected each once", twice.getMessage());
    PlanException none = assertThrows(PlanException.class, () -> load(PLAN.replaceAll(", labels: \\{[^}]*}", "")
        .replace("- cloud=AWS,Azure", "- target=aws-medium,aws-large") + "  describes: [cores]\n"));
    assertTrue(none.getMessage().contains("'cores' is not a label of any target; no target has labels"),
        none.getMessage());
    assertFalse(none.getMessage().contains("\n"), "one line");
  }

  @Test
  void theRunsPlanYamlKeepsItForEveryRedrawAndARememberedComparisonItsOwn(@TempDir Path dir) throws IOException {
    String yaml = ResolvedPlan.yaml(load(PLAN + "  describes: [cores]\n"));
    assertTrue(yaml.contains("report:\n  compare:\n  - \"cloud=AWS,Azure\"\n  describes:\n  - cores\n"), yaml);
    assertEquals(List.of("cores"), StoredReport.describes(yaml));
    assertEquals(List.of(new StoredReport.Redraw("cloud=AWS,Azure", new PairingRules(Set.of(), List.of(),
        List.of("cores")))), StoredReport.comparisons(yaml, dir.resolve("none")));
    Path remembered = dir.resolve("comparisons.txt");
    String line = StoredReport.line(dev.ycsbmongo.orchestrator.plan.CompareSpec.parse("size=medium,large"),
        new PairingRules(Set.of(), List.of(), List.of("iops")));
    assertEquals("size=medium,large\tdescribes=iops", line);
    Files.writeString(remembered, line + "\n", StandardCharsets.UTF_8);
    assertEquals(new PairingRules(Set.of(), List.of(), List.of("iops", "cores")),
        StoredReport.comparisons(yaml, remembered).get(1).rules(), "its own, then the plan's");
  }
}
