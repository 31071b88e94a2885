package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ycsbmongo.orchestrator.plan.Distribution;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every client of a cell is given: the effective properties the phase carries since expansion. */
class DistributedClientArgsTest {

  @Test
  void inlinesTheWorkloadFileUnderThePlansValuesWithoutThreadsOrOrchestratorKeys(@TempDir Path dir) throws IOException {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=1000\n"
        + "note=mongodb://u:Pw1@h/x\n");
    Phase phase = new Phase(1, "run/local/a/rep=1", PhaseKind.RUN, "local", "a", Map.of(), 1, "local:-",
        Optional.of(workload), Map.of("recordcount", "50", "threadcount", "4", "clients", "2"), 4, false, false,
        Duration.ofMinutes(5), 0.01, Optional.empty());
    assertEquals(2, phase.clients());
    assertEquals(List.of("-db", YcsbCommand.DB_CLASS, "-p", "note=mongodb://u:****@h/x", "-p", "recordcount=50",
        "-p", "status.interval=2", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-threads", "4", "-s", "-t"),
        DistributedPhaseRunner.clientArgs(phase, Duration.ofSeconds(2)));
  }

  @Test
  void aLoadRunsWithLoad() {
    Phase load = Phases.distributed(PhaseKind.LOAD, Map.of("recordcount", "10"), new Distribution(2,
        dev.ycsbmongo.orchestrator.plan.Backend.LOCAL, Optional.empty()));
    List<String> args = DistributedPhaseRunner.clientArgs(load, Duration.ofSeconds(1));
    assertEquals("-load", args.get(args.size() - 1));
  }
}
