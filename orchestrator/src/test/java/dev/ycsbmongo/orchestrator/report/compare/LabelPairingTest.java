package dev.ycsbmongo.orchestrator.report.compare;

import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.on;
import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.retagged;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Study 2's pairing: clouds whose machines of one size differ in cores. Matching cores leaves every
 * cell alone; the cells say which label keeps them apart, and {@code describes} pairs them.
 */
class LabelPairingTest {

  private static final CompareSpec CLOUD = CompareSpec.parse("cloud=AWS,Azure");
  private static final CompareSpec SIZE = CompareSpec.parse("size=medium,large");
  private static final PairingRules CORES = new PairingRules(Set.of(), List.of(), List.of("cores"));

  private static Map<String, String> labels(String cloud, String size, String cores) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("cloud", cloud);
    m.put("size", size);
    m.put("cores", cores);
    return m;
  }

  /** Medium and large on AWS (1 and 2 cores) and Azure (2 and 4 cores), one cell each at 8 threads. */
  static List<PhaseResult> clouds() {
    return new ArrayList<>(List.of(
        on(cell(1, "x", true, 1, 10, 400), "aws-medium", labels("AWS", "medium", "1")),
        on(cell(2, "x", true, 1, 12, 300), "azure-medium", labels("Azure", "medium", "2")),
        on(cell(3, "x", true, 1, 20, 200), "aws-large", labels("AWS", "large", "2")),
        on(cell(4, "x", true, 1, 25, 150), "azure-large", labels("Azure", "large", "4"))));
  }

  private static Unpaired unpaired(Comparison c, String side, String size) {
    return c.unpaired().stream().filter(u -> u.side().equals(side) && size.equals(u.cell().get("size"))).findFirst()
        .orElseThrow(() -> new AssertionError(side + " " + size + " not listed: " + c.unpaired()));
  }

  @Test
  void aLabelThatDiffersWithinEveryWouldBePairIsNamedWithItsValuesNeverAsAMissingCell() {
    Comparison c = Comparison.of(clouds(), CLOUD);
    assertEquals(List.of(), c.pairs(), "cores 1 vs 2 and 2 vs 4: no cell matches");
    assertEquals(4, c.unpaired().size(), "each cell listed once: " + c.unpaired());
    assertEquals("cores differs: 1 (AWS) vs 2 (Azure) (nearest pair: aws-medium vs azure-medium); if it describes the"
        + " target rather than tell cells apart, add it to report.describes in the plan (or report --describes cores),"
        + " or drop it", unpaired(c, "A", "medium").reason());
    assertTrue(unpaired(c, "B", "large").reason().startsWith("cores differs: 2 (AWS) vs 4 (Azure) (nearest pair:"
        + " aws-large vs azure-large)"), "B's cell names A's value first too: " + unpaired(c, "B", "large").reason());
    assertTrue(c.unpaired().stream().noneMatch(u -> u.reason().contains("no cell with")),
        "Azure cells exist: " + c.unpaired());
    assertEquals(4, c.mismatched().size());
    assertTrue(c.mismatched().stream().allMatch(m -> m.labels().equals(List.of("cores"))), c.mismatched().toString());
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("- A size=medium, cores=1, threads=8, server.chainingAllowed=true: cores differs:"
        + " 1 (AWS) vs 2 (Azure)"), md);
  }

  @Test
  void labelsThatDescribeTheTargetAreNotMatchedAndEachPairShowsBothValues() {
    Comparison c = Comparison.of(clouds(), CLOUD, CORES);
    assertEquals(2, c.pairs().size(), "medium with medium, large with large: " + c.unpaired());
    assertEquals(List.of(), c.unpaired());
    Pair medium = c.pairs().stream().filter(p -> "medium".equals(p.cell().get("size"))).findFirst().orElseThrow();
    assertEquals("aws-medium", medium.targetA());
    assertEquals("azure-medium", medium.targetB());
    assertEquals(List.of(new LabelDifference("cores", "1", "2")), medium.described());
    assertFalse(medium.cell().containsKey("cores"), "not part of the cell: " + medium.cell());
    assertFalse(medium.labels().containsKey("cores"), "no ranges per cores value: " + medium.labels());
    assertTrue(c.ranges().stream().anyMatch(r -> r.group().equals("size=medium")), "ranges per size still");
    assertTrue(c.ranges().stream().noneMatch(r -> r.group().startsWith("cores=")), c.ranges().toString());
    String md = ComparisonMarkdown.render(c);
    assertTrue(md.contains("Labels that describe the target (report.describes): cores: not matched when pairing"), md);
    assertTrue(md.contains("| cores A → B |"), md);
    assertTrue(md.contains("| 1 → 2 |") && md.contains("| 2 → 4 |"), md);
    List<String> csv = ComparisonCsv.render(c).lines().toList();
    List<String> head = List.of(csv.get(0).split(","));
    int at = head.indexOf("label.cores_a");
    assertEquals("label.cores_b", head.get(at + 1), csv.get(0));
    List<String> row = List.of(csv.get(1).split(","));
    assertEquals(List.of("1", "2"), row.subList(at, at + 2), csv.get(1));
  }

  @Test
  void aComparisonWithoutDescribesKeepsItsFormatAndItsColumns() {
    List<PhaseResult> same = List.of(
        on(cell(1, "x", true, 1, 10, 400), "aws-medium", labels("AWS", "medium", "2")),
        on(cell(2, "x", true, 1, 12, 300), "azure-medium", labels("Azure", "medium", "2")));
    Comparison c = Comparison.of(same, CLOUD);
    assertEquals(1, c.pairs().size());
    assertEquals(List.of(), c.pairs().get(0).described());
    assertFalse(ComparisonCsv.render(c).contains("label."), "no label columns without describes");
    assertFalse(ComparisonMarkdown.render(c).contains("describe"), "no describes note without describes");
  }

  @Test
  void aCellWithNoCounterpartOfItsScenarioAndCoordinatesStillSaysSo() {
    List<PhaseResult> records = clouds();
    records.add(retagged(on(cell(5, "x", true, 1, 11, 390), "aws-medium", labels("AWS", "medium", "1")), 16));
    Comparison c = Comparison.of(records, CLOUD, CORES);
    assertEquals(2, c.pairs().size());
    assertEquals(1, c.unpaired().size());
    assertEquals("no cell with cloud=Azure", c.unpaired().get(0).reason(), "no Azure cell at 16 threads: true");
    assertEquals("16", c.unpaired().get(0).cell().get("threadcount"));
  }

  @Test
  void theNearestCellSharesTheLabelsBothSidesGroupBy() {
    // azure-medium (2 cores) differs from aws-large (2 cores) in cloud alone, from azure-large in cores alone:
    // cloud takes AWS and Azure on both sides, so it groups the cells and the counterpart is azure-large
    Comparison c = Comparison.of(clouds(), SIZE);
    assertEquals(List.of(), c.pairs());
    String azure = c.unpaired().stream().filter(u -> u.side().equals("A") && "Azure".equals(u.cell().get("cloud")))
        .findFirst().orElseThrow().reason();
    assertTrue(azure.startsWith("cores differs: 2 (medium) vs 4 (large) (nearest pair: azure-medium vs azure-large)"),
        azure);
    assertTrue(c.unpaired().stream().noneMatch(u -> u.reason().contains("cloud differs")), c.unpaired().toString());
    assertEquals(2, Comparison.of(clouds(), SIZE, CORES).pairs().size());
  }

  @Test
  void severalDifferingLabelsAreAllNamed() {
    List<PhaseResult> records = List.of(
        on(cell(1, "x", true, 1, 10, 400), "aws-medium", withIops(labels("AWS", "medium", "1"), "300")),
        on(cell(2, "x", true, 1, 12, 300), "azure-medium", withIops(labels("Azure", "medium", "2"), "2000")),
        on(cell(3, "x", true, 1, 10, 400), "aws-large", withIops(labels("AWS", "large", "2"), "2000")),
        on(cell(4, "x", true, 1, 12, 300), "azure-large", withIops(labels("Azure", "large", "4"), "4000")));
    Comparison c = Comparison.of(records, CLOUD);
    assertEquals("cores differs: 1 (AWS) vs 2 (Azure); iops differs: 300 (AWS) vs 2000 (Azure) (nearest pair:"
        + " aws-medium vs azure-medium); if they describe the target rather than tell cells apart, add them to"
        + " report.describes in the plan (or report --describes cores,iops), or drop them",
        unpaired(c, "A", "medium").reason());
    assertEquals(2, Comparison.of(records, CLOUD, new PairingRules(Set.of(), List.of(), List.of("cores", "iops")))
        .pairs().size());
  }

  private static Map<String, String> withIops(Map<String, String> labels, String iops) {
    labels.put("iops", iops);
    return labels;
  }

  @Test
  void thePreviewOfCellsNotYetRunPredictsThePairsAndTheLabelsThatKeepThemApart() {
    List<CellView> cells = clouds().stream().map(CellView::of).toList();
    Comparison.Preview none = Comparison.beforehand(cells, CLOUD, PairingRules.NONE).orElseThrow();
    assertEquals(0, none.pairs());
    assertEquals(4, none.mismatched().size());
    assertEquals("cores differs: 1 (AWS) vs 2 (Azure)", none.mismatched().get(0).differencesText());
    Comparison.Preview described = Comparison.beforehand(cells, CLOUD, CORES).orElseThrow();
    assertEquals(2, described.pairs());
    assertEquals(List.of(), described.mismatched());
    assertTrue(Comparison.beforehand(cells, CompareSpec.parse("nosuch=a,b"), CORES).isEmpty(), "BY checked elsewhere");
  }

  @Test
  void aCellThatHasItsOwnCounterpartIsNobodysNearestCell() {
    // study 1 in small: 1c2g only on cloud disk; local SSD's 4c8g pairs with cloud disk's 4c8g
    Map<String, String> disk1 = new LinkedHashMap<>(Map.of("storage", "cloud disk"));
    disk1.put("cores", "1");
    Map<String, String> disk4 = new LinkedHashMap<>(Map.of("storage", "cloud disk"));
    disk4.put("cores", "4");
    Map<String, String> ssd4 = new LinkedHashMap<>(Map.of("storage", "local SSD"));
    ssd4.put("cores", "4");
    List<PhaseResult> records = List.of(
        on(cell(1, "x", true, 1, 10, 400), "disk-1c2g", disk1),
        on(cell(2, "x", true, 1, 20, 300), "disk-4c8g", disk4),
        on(cell(3, "x", true, 1, 22, 300), "ssd-4c8g", ssd4));
    Comparison c = Comparison.of(records, CompareSpec.parse("storage=cloud disk,local SSD"));
    assertEquals(1, c.pairs().size());
    assertEquals(List.of("no cell with storage=local SSD"), c.unpaired().stream().map(Unpaired::reason).toList());
    assertEquals(List.of(), c.mismatched());
  }

  @Test
  void cellsThatCouldPairWithSeveralAreNoWouldBePair() {
    // study 1: 4c16g on both; at 1:2 cloud disk's 1c2g and 2c4g alone, local SSD's 16c32g alone: different machines
    List<PhaseResult> records = List.of(
        on(cell(1, "x", true, 1, 10, 400), "disk-1c2g", sized("cloud disk", "1:2", "1")),
        on(cell(2, "x", true, 1, 12, 300), "disk-2c4g", sized("cloud disk", "1:2", "2")),
        on(cell(3, "x", true, 1, 30, 200), "ssd-16c32g", sized("local SSD", "1:2", "16")),
        on(cell(4, "x", true, 1, 20, 200), "disk-4c16g", sized("cloud disk", "1:4", "4")),
        on(cell(5, "x", true, 1, 22, 200), "ssd-4c16g", sized("local SSD", "1:4", "4")));
    Comparison c = Comparison.of(records, CompareSpec.parse("storage=cloud disk,local SSD"));
    assertEquals(1, c.pairs().size(), "4c16g with 4c16g");
    assertEquals(List.of("no cell with storage=local SSD", "no cell with storage=local SSD",
        "no cell with storage=cloud disk"), c.unpaired().stream().map(Unpaired::reason).toList());
    assertEquals(List.of(), c.mismatched());
  }

  private static Map<String, String> sized(String storage, String ratio, String cores) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("storage", storage);
    m.put("ratio", ratio);
    m.put("cores", cores);
    return m;
  }
}
