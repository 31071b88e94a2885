package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ycsbmongo.orchestrator.results.ClientFigures;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a merged cell's record keeps about its clients. */
class MergedCellRecordTest {

  @Test
  void keepsEveryClientsRowTheSkewAndTheWindowWithTheOutliersReasons() throws Exception {
    List<ClientOutput> outs = new ArrayList<>();
    int[] perSecond = {100, 110, 40, 95};
    for (int c = 0; c < 4; c++) {
      outs.add(new TestClient(c, 4).steady("READ", c * 5L, 1000, 10, perSecond[c], 200).output());
    }
    MergedCell cell = CellMerger.merge(outs);
    PhaseClients record = cell.toRecord(PhaseClients.LOCAL);
    assertEquals(4, record.count());
    assertEquals(PhaseClients.LOCAL, record.backend());
    assertEquals(15, record.startSkewMillis());
    assertEquals(cell.windowSeconds(), record.windowSeconds());
    for (int c = 0; c < 4; c++) {
      ClientRow row = cell.clientRows().get(c);
      assertEquals(new ClientFigures(c, row.host(), row.windowSeconds(), row.windowOperations(),
          row.throughputOpsPerSec(), row.p99MicrosByOperation(), row.runOperations(), row.outlierReasons()),
          record.rows().get(c));
    }
    assertEquals(List.of(2), record.outliers().stream().map(ClientFigures::client).toList());
    assertEquals(cell.clientRows().get(2).outlierReasons(), record.rows().get(2).outlierReasons());
    assertEquals(Map.of("READ", 200L), record.rows().get(0).p99MicrosByOperation());
  }

  @Test
  void rejectsABackendItDoesNotKnow() throws Exception {
    MergedCell cell = CellMerger.merge(List.of(new TestClient(0, 1).steady("READ", 0, 1000, 3, 10, 200).output()));
    assertEquals("clients backend 'docker': accepted are local, kubernetes",
        assertThrows(IllegalArgumentException.class, () -> cell.toRecord("docker")).getMessage());
  }
}
