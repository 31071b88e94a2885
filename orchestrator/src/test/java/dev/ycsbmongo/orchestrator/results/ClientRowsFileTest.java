package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A phase's clients.csv: every client's row, outliers or not. */
class ClientRowsFileTest {

  @Test
  void writesEveryClientsRowWithItsP99PerOperationAndItsReasons(@TempDir Path phaseDir) throws IOException {
    Path file = ClientRowsFile.write(phaseDir, ResultFixtures.clients());
    assertEquals(phaseDir.resolve("clients.csv"), file);
    assertEquals("""
        client,host,window_s,window_operations,throughput_ops_per_sec,read_p99_us,update_p99_us,run_operations,\
        cpu_us_per_op,cores,cpu_share_of_cores,outlier,outlier_reasons
        0,ycsb-cell-0-x7k2p,50.000,250000,5000.00,1200,1500,300000,61.20,2,0.153,false,
        1,ycsb-cell-1-q9w4t,50.000,251000,5020.00,1180,1490,301000,64.80,2,0.163,false,
        2,ycsb-cell-2-m3n8v,49.000,98000,2000.00,4200,1600,120000,950.00,2,0.950,true,throughput 2000.0 ops/s is\
         below 0.5x the other clients' median 5000.0 ops/s; READ p99 4200 us is above 3x the other clients' median\
         1200 us
        3,ycsb-cell-3-b5c1z,50.000,249500,4990.00,1210,1510,299000,74.00,2,0.184,false,
        """, Files.readString(file));
  }

  @Test
  void leavesAnOperationAClientNeverCompletedAndAnUnknownCpuEmptyAndQuotesCommas(@TempDir Path phaseDir) throws IOException {
    PhaseClients c = new PhaseClients(2, PhaseClients.LOCAL, 0, 10.0, List.of(
        new ClientFigures(0, "host,a", 10.0, 100, 10.0, Map.of("READ-MODIFY-WRITE", 900L, "READ", 500L), 100,
            List.of()),
        new ClientFigures(1, "host-b", 10.0, 100, 10.0, Map.of("READ", 510L), 100, List.of())));
    List<String> lines = Files.readAllLines(ClientRowsFile.write(phaseDir, c));
    assertEquals("client,host,window_s,window_operations,throughput_ops_per_sec,read_p99_us,"
        + "read_modify_write_p99_us,run_operations,cpu_us_per_op,cores,cpu_share_of_cores,outlier,outlier_reasons",
        lines.get(0));
    assertEquals("0,\"host,a\",10.000,100,10.00,500,900,100,,,,false,", lines.get(1));
    assertEquals("1,host-b,10.000,100,10.00,510,,100,,,,false,", lines.get(2));
  }
}
