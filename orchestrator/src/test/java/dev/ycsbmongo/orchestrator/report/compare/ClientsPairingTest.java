package dev.ycsbmongo.orchestrator.report.compare;

import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.compare.CompareFixtures.on;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Cells driven by different numbers of client processes offer different loads: a pair of them is refused
 * unless the comparison accepts it, as for threads. The count comes from the records' parameters (clients
 * is the orchestrator's own setting, in no YCSB property).
 */
class ClientsPairingTest {

  private static final CompareSpec STORAGE = CompareSpec.parse("storage=disk,ssd");

  private static List<PhaseResult> diskOneClientSsdFour() {
    return List.of(
        ResultFixtures.withClientCount(on(cell(1, "x", true, 1, 10, 400), "disk", Map.of("storage", "disk")), 1),
        ResultFixtures.withClientCount(on(cell(2, "x", true, 1, 40, 300), "ssd", Map.of("storage", "ssd")), 4));
  }

  @Test
  void refusesAPairWhoseClientsDifferByDefault() {
    Comparison c = Comparison.of(diskOneClientSsdFour(), STORAGE);
    assertEquals(0, c.pairs().size());
    assertEquals(CellProperty.CLIENTS, c.refused().get(0).property());
    assertEquals("clients differ: 1 (A) vs 4 (B)", c.refused().get(0).reason());
  }

  @Test
  void comparesThemWhenTheDifferenceIsAccepted() {
    Comparison c = Comparison.of(diskOneClientSsdFour(), STORAGE, new PairingRules(Set.of(CellProperty.CLIENTS),
        List.of()));
    assertEquals(1, c.pairs().size());
    assertEquals(List.of(new AcceptedDifference(CellProperty.CLIENTS, "1", "4")), c.pairs().get(0).accepted());
  }

  @Test
  void pairsCellsWithTheSameClients() {
    List<PhaseResult> same = diskOneClientSsdFour().stream().map(r -> ResultFixtures.withClientCount(r, 4)).toList();
    assertEquals(1, Comparison.of(same, STORAGE).pairs().size());
  }
}
