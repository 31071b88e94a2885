package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.CapacityComparison.Finding;
import dev.ycsbmongo.orchestrator.report.CapacityComparison.Row;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Capacities compared from synthetic searches; comparison-capacity.md and .csv sealed by golden files (regenerate
 * with -Dgolden.update=true after a deliberate format change, and read the diff).
 */
class CapacityComparisonTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  private static List<Row> fourTargets() {
    return CapacityComparison.rows(CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetA(),
        CapacityFixtures.targetB(), CapacityFixtures.targetC(), CapacityFixtures.targetD())));
  }

  private static void assertGolden(String file, String actual) throws IOException {
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN.resolve(file), actual, StandardCharsets.UTF_8);
    }
    assertEquals(Files.readString(GOLDEN.resolve(file), StandardCharsets.UTF_8), actual);
  }

  @Test
  void rendersTheMarkdownAndCsvExactlyAsTheGoldenFiles() throws IOException {
    assertGolden("comparison-capacity.md", CapacityComparison.markdown(fourTargets()));
    assertGolden("comparison-capacity.csv", CapacityComparison.csv(fourTargets()));
  }

  @Test
  void bracketsApartAreAFindingWithTheChangeTheyAllow() {
    Row ab = fourTargets().get(0);
    assertEquals("target=a", ab.a().label());
    assertEquals("target=b", ab.b().label());
    assertEquals(Finding.LOWER, ab.finding());
    assertEquals(9014.0 / 12235 - 1, ab.changePct() / 100, 1e-12);
    // b's lowest against a's highest, b's highest against a's lowest
    assertEquals(9014.0 / 12717 - 1, ab.changeLowPct() / 100, 1e-12);
    assertEquals(9232.0 / 12235 - 1, ab.changeHighPct() / 100, 1e-12);
    assertEquals("capacity rw-95-5: target=a 12,235 ops/s vs target=b 9,014 ops/s (-26.3%, -29.1% to -24.5%):"
        + " target=b lower", ab.sentence());
  }

  @Test
  void overlappingBracketsAreNotDistinguishable() {
    Row ac = fourTargets().get(1);
    assertEquals(Finding.NOT_DISTINGUISHABLE, ac.finding());
    assertTrue(ac.sentence().endsWith("not distinguishable, the brackets overlap"), ac.sentence());
  }

  @Test
  void aCapacityKnownFromBelowOnlyHasAnOpenBracket() {
    Row ad = fourTargets().get(2);
    assertEquals(Finding.HIGHER, ad.finding(), "d passed 20,000, above the rate a failed at");
    assertNull(ad.changeHighPct());
    assertEquals("from +57.3%", CapacityComparison.range(ad));
    assertEquals("[20,000, ∞)", CapacityComparison.bracket(ad.b()));
  }

  @Test
  void aSearchThatFoundNoneIsLowerWhenItsFailingRateIsBelowTheOther() {
    List<Map<String, Object>> none = List.of(
        CapacityFixtures.step("run/z/rw-95-5/threadcount=4/rep=1", 1, 100, 10, 2, -1, -1, "not-sustained", "no"),
        CapacityFixtures.search("run/z/rw-95-5/threadcount=4/rep=1", "z", "rw-95-5", Map.of("threadcount", "4"), null,
            10.5, null, "none_passed", 1));
    Row r = CapacityComparison.rows(CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetA(), none)))
        .get(0);
    assertEquals(Finding.LOWER, r.finding());
    assertNull(r.changePct());
    assertEquals("capacity rw-95-5: target=a 12,235 ops/s vs target=z none passed: target=z lower", r.sentence());
  }

  @Test
  void aSweptSettingIsCompared_AndRepetitionsAreOneSide() {
    List<Map<String, Object>> lines = new ArrayList<>();
    for (int rep = 1; rep <= 2; rep++) {
      for (String slo : List.of("10ms", "50ms")) {
        String cell = "run/e/rw-95-5/capacity.slo=" + slo + "/rep=" + rep;
        double cap = slo.equals("10ms") ? 10000 + rep * 500 : 20000 + rep * 1000;
        lines.add(CapacityFixtures.step(cell, 1, cap, cap, 10, 5000, 1000, "pass", "within"));
        lines.add(CapacityFixtures.search(cell, "e", "rw-95-5", Map.of("capacity.slo", slo), cap, cap * 1.04, 5000.0,
            "converged", 1));
      }
    }
    List<Row> rows = CapacityComparison.rows(CapacityRecords.of(CapacityFixtures.nodes(lines)));
    assertEquals(1, rows.size());
    Row r = rows.get(0);
    assertEquals("capacity.slo=10ms", r.a().label());
    assertEquals(2, r.a().searches().size());
    assertEquals(10750.0, r.a().capacity(), "the mean of the repetitions");
    assertEquals(10500.0, r.a().low());
    assertEquals(11000 * 1.04, r.a().high(), 1e-9, "the bracket spans both repetitions");
    assertEquals(Finding.HIGHER, r.finding());
    assertTrue(CapacityComparison.markdown(rows).contains("10,750 (n=2)"), CapacityComparison.markdown(rows));
  }

  @Test
  void oneSearchPerScenarioHasNothingToCompare() {
    List<Row> rows = CapacityComparison.rows(CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetA())));
    assertTrue(rows.isEmpty());
    assertEquals("", CapacityComparison.markdown(rows));
    assertFalse(CapacityComparison.csv(rows).contains("rw-95-5"));
  }
}
