package dev.ycsbmongo.orchestrator.report.tables;

import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.cell;
import static dev.ycsbmongo.orchestrator.report.tables.TableFixtures.spec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Shaped;
import dev.ycsbmongo.orchestrator.report.tables.TableShaper.Table;
import dev.ycsbmongo.orchestrator.results.PhaseParameters;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code clients} in report.tables: every cell's client processes, swept or not, as a column or a row key. */
class TableClientsTest {

  private static List<String> texts(List<TableColumns.Value> row) {
    return row.stream().map(TableColumns.Value::text).toList();
  }

  @Test
  void resolvesClientsForEveryCellAndAsACoordinateWhereSwept() {
    assertEquals(Optional.of(TableKeys.Source.CLIENTS), TableKeys.resolve("clients", Set.of(), Set.of(), Set.of()));
    assertEquals(Optional.of(TableKeys.Source.COORDINATE), TableKeys.resolve("clients", Set.of("clients"), Set.of(),
        Set.of()));
  }

  @Test
  void showsEachCellsClientsFromItsRecord() {
    List<PhaseResult> cells = List.of(
        ResultFixtures.withClientCount(cell(1, "one", Map.of(), "rw", Map.of(), Map.of(), 10, 400), 1),
        ResultFixtures.withClientCount(cell(2, "four", Map.of(), "rw", Map.of(), Map.of(), 35, 450), 4));
    Shaped s = TableShaper.shape(spec("    - {name: all, rows: [target], columns: [clients, throughput],"
        + " figures: steady}\n"), cells);
    Table t = s.tables().get(0);
    assertEquals(List.of("target", "clients", "Throughput, steady (ops/s)"), t.header());
    assertEquals(List.of("one", "1", "10,000"), texts(t.rows().get(0)));
    assertEquals(List.of("four", "4", "35,000"), texts(t.rows().get(1)));
  }

  @Test
  void placesRowsByClients() {
    // cells that differ in clients differ in a coordinate, target or scenario too: here the target
    List<PhaseResult> cells = List.of(
        ResultFixtures.withClientCount(cell(1, "one", Map.of(), "rw", Map.of(), Map.of(), 10, 400), 1),
        ResultFixtures.withClientCount(cell(2, "four", Map.of(), "rw", Map.of(), Map.of(), 35, 450), 4));
    Table t = TableShaper.shape(spec("    - {name: all, rows: [clients], columns: [throughput], figures: steady}\n"),
        cells).tables().get(0);
    assertEquals(List.of(List.of("1", "10,000"), List.of("4", "35,000")), t.rows().stream().map(r -> texts(r))
        .toList());
  }
}
