package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan of several clients per cell: validate shows it; run refuses it in one line, exit 2, nothing created,
 * until the distributed runner runs such cells (it would otherwise run one client and record four).
 */
class DistributedPlanCliTest {

  private static Path plan(Path dir) throws IOException {
    return Files.writeString(dir.resolve("four.yaml"), """
        name: four
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        sweep: {clients: [1, 4]}
        """);
  }

  @Test
  void validateShowsTheClientsOfEveryPhase(@TempDir Path dir) throws IOException {
    InProcessCli v = InProcessCli.run("validate", plan(dir).toString());
    assertEquals(0, v.exit(), v.err());
    assertTrue(v.out().contains("run/local/a/clients=4/rep=1  threads=1  clients=4  dataSet="), v.out());
  }
}
