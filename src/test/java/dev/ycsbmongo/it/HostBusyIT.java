package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell measured while processes outside the orchestrator's tree keep every core busy is judged
 * {@code HOST_BUSY}, its cause naming the share other processes took; the run exits 1, and summary.md and
 * summary.csv say what the host did. CPU burners started by this test are siblings of the orchestrator,
 * not its children, so they are "other processes" to its watch. On a machine already busy with other work
 * the verdict is the same; only its shape is checked, never the exact share.
 */
class HostBusyIT {

  private static final String PLAN = """
      name: host-busy-it
      targets:
        - name: local
          uri: embedded
      scenarios:
        - name: rw-50-50
          workload: ${ROOT}/workloads/rw-50-50
      properties:
        recordcount: 200
        operationcount: 100000000
        maxexecutiontime: 6
        threadcount: 1
      execution:
        rampUp: 1s
        # only the client host is judged here (its default limits): the rest may be what a burnt machine gives
        acceptance: {minOperations: 0, minWindow: 0s, maxCv: off, maxRise: off, maxStall: 60s}
      """;

  private static final Pattern CAUSE = Pattern.compile("client host busy: other processes used \\d+(\\.\\d)?% of the"
      + " cores \\(limit 25%\\)( and steal time \\d+(\\.\\d)?% of the cores \\(limit 10%\\))?"
      + " \\(execution\\.acceptance\\.hostBusy\\)(; also unstable: .+)?");

  @Test
  void aCellRunBesideCpuBurnersIsHostBusyNamingTheirShare(@TempDir Path work) throws Exception {
    Path plan = Orchestrator.writePlan(work, "host-busy-it", PLAN);
    Path results = work.resolve("results");
    List<Process> burners = new ArrayList<>();
    LauncherRun run;
    try {
      for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
        burners.add(new ProcessBuilder("sh", "-c", "while :; do :; done").redirectErrorStream(true).start());
      }
      run = Orchestrator.run(work, Map.of(), null, "run", plan.toString(), "-o", results.toString(), "--progress",
          "none");
    } finally {
      for (Process p : burners) {
        p.destroyForcibly();
      }
      for (Process p : burners) {
        p.waitFor();
      }
    }
    // a run with a host_busy cell has not every phase succeeded, as with an unstable one
    assertEquals(1, run.exitCode, run.diagnostics());

    Path runDir = Orchestrator.onlyRunDir(results);
    JsonNode cell = null;
    for (String line : Orchestrator.resultLines(runDir)) {
      JsonNode r = new ObjectMapper().readTree(line);
      if (r.get("kind").asText().equals("RUN")) {
        cell = r;
      }
    }
    assertTrue(cell != null, "a run record\n" + run.diagnostics());
    assertEquals("HOST_BUSY", cell.get("status").asText(), cell.toString());
    String cause = cell.get("cause").asText();
    assertTrue(CAUSE.matcher(cause).matches(), cause);
    JsonNode host = cell.get("clientHostLoad");
    System.out.println("[it] HostBusyIT: " + cause + "; " + host);
    assertTrue(host.get("othersShare").asDouble() > 0.25, host.toString());
    assertTrue(cell.get("throughputOpsPerSec").asDouble() > 0, "its figures are kept: " + cell);

    String md = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
    assertTrue(md.contains("\n## Client host\n"), md);
    assertTrue(md.contains("\n1 cell was run while other work used the client host's cores"), md);
    String csv = Files.readString(runDir.resolve("summary.csv"), StandardCharsets.UTF_8);
    assertTrue(csv.lines().findFirst().orElseThrow().contains(",host_others_pct,host_steal_pct,host_our_pct,"),
        csv);
  }
}
