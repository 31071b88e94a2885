package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ClientFigures;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a merged cell's record keeps about its clients, their CPU included. */
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
          row.throughputOpsPerSec(), row.p99MicrosByOperation(), row.runOperations(), null, null, null,
          row.outlierReasons()),
          record.rows().get(c));
    }
    assertEquals(List.of(2), record.outliers().stream().map(ClientFigures::client).toList());
    assertEquals(cell.clientRows().get(2).outlierReasons(), record.rows().get(2).outlierReasons());
    assertEquals(Map.of("READ", 200L), record.rows().get(0).p99MicrosByOperation());
  }

  @Test
  void keepsEachClientsCpuPerOperationOverItsWholeRunAndItsShareOfItsCores() throws Exception {
    // each client: 10 intervals of 1 s, 100 READs each: 1,000 operations over a 10 s run
    MergedCell cell = CellMerger.merge(List.of(
        new TestClient(0, 3).steady("READ", 0, 1000, 10, 100, 200).cpu(3_000, 2).output(),
        new TestClient(1, 3).steady("READ", 0, 1000, 10, 100, 200).cpu(19_000, 2).output(),
        new TestClient(2, 3).steady("READ", 0, 1000, 10, 100, 200).output()));
    List<ClientFigures> rows = cell.toRecord(PhaseClients.KUBERNETES).rows();
    assertEquals(3_000.0, rows.get(0).cpuMicrosPerOperation());
    assertEquals(2, rows.get(0).cores());
    assertEquals(0.15, rows.get(0).cpuShareOfCores(), 1e-12, "3 s of CPU over 10 s on 2 cores");
    assertEquals(19_000.0, rows.get(1).cpuMicrosPerOperation());
    assertEquals(0.95, rows.get(1).cpuShareOfCores(), 1e-12);
    assertTrue(ClientCpu.saturated(rows.get(1).cpuShareOfCores()));
    assertFalse(ClientCpu.saturated(rows.get(0).cpuShareOfCores()));
    assertEquals(List.of(), cell.outliers(), "a busy client is a note, not an outlier");
    ClientFigures unknown = rows.get(2);
    assertNull(unknown.cpuMicrosPerOperation(), "a client that did not say its CPU");
    assertNull(unknown.cores());
    assertNull(unknown.cpuShareOfCores());
  }

  @Test
  void leavesCpuPerOperationUnknownForAClientWithoutOperations() {
    assertNull(ClientCpu.microsPerOperation(500L, 0));
    assertNull(ClientCpu.shareOfCores(500L, 0, 2));
    assertNull(ClientCpu.shareOfCores(null, 1000, 2));
    assertNull(ClientCpu.shareOfCores(500L, 1000, null));
  }

  @Test
  void measuresThisJvmsCpuAndCores() {
    Long cpu = ClientCpu.processCpuMillis();
    assertTrue(cpu != null && cpu > 0, "a JVM that has run tests has used CPU: " + cpu);
    assertEquals(Runtime.getRuntime().availableProcessors(), ClientCpu.cores());
  }

  @Test
  void rejectsABackendItDoesNotKnow() throws Exception {
    MergedCell cell = CellMerger.merge(List.of(new TestClient(0, 1).steady("READ", 0, 1000, 3, 10, 200).output()));
    assertEquals("clients backend 'docker': accepted are local, kubernetes",
        assertThrows(IllegalArgumentException.class, () -> cell.toRecord("docker")).getMessage());
  }
}
