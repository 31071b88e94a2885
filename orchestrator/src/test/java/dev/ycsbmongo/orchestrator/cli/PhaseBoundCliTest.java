package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.exec.FakeChildJava;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orchestrator bounds every phase itself: a run child that ignores its 2 s maxexecutiontime (frozen, deaf to
 * SIGTERM) is ended at maxexecutiontime + grace and recorded failed with that cause, and one that cannot start its
 * threads is ended at once; either way the run's record and report are written. Real child processes (a stand-in
 * java for the run phases, the real one for the load), the embedded server.
 */
class PhaseBoundCliTest {

  private static final String PLAN = """
      name: bound
      targets: [{name: local, uri: embedded}]
      scenarios: [{name: a, properties: {threads: 2}}]
      properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 100000000,
        maxexecutiontime: 2}
      execution:
        rampUp: 1s
        acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off, grace: 1s}
      """;

  /** The run phase's record after running the plan with children that behave as {@code behaviour}. */
  private static JsonNode runRecord(Path dir, String behaviour) throws IOException {
    Path plan = Files.writeString(dir.resolve("bound.yaml"), PLAN);
    System.setProperty(ChildJvm.JAVA_PROPERTY, FakeChildJava.write(dir, behaviour).toString());
    InProcessCli r;
    try {
      r = InProcessCli.run("run", plan.toString(), "-o", dir.resolve("results").toString(), "--progress", "none");
    } finally {
      System.clearProperty(ChildJvm.JAVA_PROPERTY);
    }
    assertEquals(1, r.exit(), r.err() + r.out());
    Path runDir;
    try (Stream<Path> runs = Files.list(dir.resolve("results"))) {
      runDir = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    assertTrue(Files.isRegularFile(runDir.resolve("summary.md")), "the report is written");
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> runs = Files.readAllLines(runDir.resolve("results.jsonl")).stream().map(l -> {
      try {
        return json.readTree(l);
      } catch (IOException e) {
        throw new AssertionError(l, e);
      }
    }).filter(n -> n.get("phaseId").asText().startsWith("run/")).toList();
    assertEquals(1, runs.size(), runs.toString());
    return runs.get(0);
  }

  @Test
  void aFrozenChildIsEndedAtItsMaxExecutionTimePlusGrace(@TempDir Path dir) throws IOException {
    JsonNode run = runRecord(dir, FakeChildJava.FROZEN);
    assertEquals("FAILED", run.get("status").asText());
    String cause = run.get("cause").asText();
    Matcher m = Pattern.compile("phase ran past its bound: maxexecutiontime 2 s \\+ grace 1s"
        + " \\(execution\\.acceptance\\.grace\\); child stopped at (\\d+\\.\\d) s").matcher(cause);
    System.out.println("[bound] " + cause);
    assertTrue(m.matches(), cause);
    double at = Double.parseDouble(m.group(1));
    // the bound (3 s), then SIGTERM unanswered, then SIGKILL 2 s later; never the 2 h phase timeout
    assertTrue(at >= 3 && at < 10, cause);
  }

  @Test
  void aChildThatCannotStartItsThreadsIsEndedAtOnce(@TempDir Path dir) throws IOException {
    JsonNode run = runRecord(dir, FakeChildJava.OUT_OF_THREADS);
    assertEquals("FAILED", run.get("status").asText());
    String cause = run.get("cause").asText();
    assertTrue(cause.startsWith("client could not start its threads (unable to create native thread): 2 threads"
        + " asked; this host allows at most "), cause);
    assertTrue(run.get("runtimeSeconds").asDouble() < 3, "ended before its 3 s bound: " + run);
  }
}
