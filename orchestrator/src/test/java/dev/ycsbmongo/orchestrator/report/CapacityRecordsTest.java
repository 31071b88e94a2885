package dev.ycsbmongo.orchestrator.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.report.CapacityRecords.Search;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityRecordsTest {

  @Test
  void eachSearchCarriesItsStepsInTheOrderTheyRan() {
    List<Search> searches = CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetA(),
        CapacityFixtures.targetB()));
    assertEquals(2, searches.size());
    Search a = searches.get(0);
    assertEquals("a", a.target());
    assertEquals(12235.0, a.capacity());
    assertEquals(12717.0, a.failsAbove());
    assertEquals(8600.0, a.intendedMicrosAtCapacity(), "the plan's percentile at the step that passed there");
    assertEquals(List.of(1, 2, 3, 4, 5, 6), a.steps().stream().map(CapacityRecords.Step::number).toList());
    assertEquals("p99", a.percentileLabel());
    assertEquals("run/a/rw-95-5/threadcount=4", a.cellWithoutRepetition());
  }

  @Test
  void aSearchRunAgainAfterAnInterruptionKeepsOnlyItsOwnSteps() {
    String cell = CapacityFixtures.cell("a");
    List<Map<String, Object>> lines = new ArrayList<>();
    // the first attempt was cut short after two steps: no search record
    lines.add(CapacityFixtures.step(cell, 1, 5000, 4990, 100, 1000, 500, "pass", "within"));
    lines.add(CapacityFixtures.step(cell, 2, 10000, 9990, 200, 1000, 500, "pass", "within"));
    lines.addAll(CapacityFixtures.targetA());
    Search a = CapacityRecords.of(CapacityFixtures.nodes(lines)).get(0);
    assertEquals(6, a.steps().size());
    assertEquals(8000.0, a.steps().get(0).offered());
  }

  @Test
  void aSearchWithoutCapacityOrFailingRateSaysSo() {
    Search d = CapacityRecords.of(CapacityFixtures.nodes(CapacityFixtures.targetD())).get(0);
    assertEquals(20000.0, d.capacity());
    assertNull(d.failsAbove());
    List<Map<String, Object>> none = List.of(
        CapacityFixtures.step("x", 1, 100, 10, 2, -1, -1, "not-sustained", "not sustained: achieved 10% of offered"),
        CapacityFixtures.search("x", "e", "s", Map.of(), null, 10.5, null, "none_passed", 1));
    Search x = CapacityRecords.of(CapacityFixtures.nodes(none)).get(0);
    assertNull(x.capacity());
    assertNull(x.intendedMicrosAtCapacity());
    assertNull(x.steps().get(0).intendedMicros(), "-1 is the record's 'measured none'");
  }

  @Test
  void aLineCutOffByAKilledRunIsLeftOut(@TempDir Path dir) throws Exception {
    CapacityFixtures.write(dir, CapacityFixtures.targetB());
    Files.writeString(dir.resolve(CapacityReport.SOURCE), "{\"record\":\"step\",\"cell\":", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
    List<Search> searches = CapacityRecords.read(dir);
    assertEquals(1, searches.size());
    assertEquals(5, searches.get(0).steps().size());
  }

  @Test
  void aRunThatSearchedNothingHasNoSearches(@TempDir Path dir) throws Exception {
    assertTrue(CapacityRecords.read(dir).isEmpty());
  }
}
