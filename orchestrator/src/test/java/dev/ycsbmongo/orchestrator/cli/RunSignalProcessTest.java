package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.FakeChildJava;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orchestrator as a process, SIGTERM sent while a run phase's child is running: the child is stopped, the phase
 * recorded interrupted, the report written, the results line printed, and the exit status is 143.
 */
class RunSignalProcessTest {

  private static final String PLAN = """
      name: signal
      targets: [{name: local, uri: embedded}]
      scenarios: [{name: a, properties: {threads: 2}}]
      properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 100000000,
        maxexecutiontime: 60}
      execution:
        rampUp: 1s
        acceptance: {minOperations: 0, minWindow: 0s, precision: off, maxRise: off}
      """;

  @Test
  void sigtermStopsTheChildRecordsThePhaseAndWritesTheReport(@TempDir Path dir) throws Exception {
    Path plan = Files.writeString(dir.resolve("signal.yaml"), PLAN);
    Path fake = FakeChildJava.write(dir, "exec sleep 600");  // a run child that would outlive the test
    Path results = dir.resolve("results");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    ProcessBuilder pb = new ProcessBuilder(java.toString(), "-D" + ChildJvm.JAVA_PROPERTY + "=" + fake,
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", plan.toString(),
        "-o", results.toString(), "--progress", "none")
        .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
    Process p = pb.start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (childSleeping(p).isEmpty() && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(100);
      }
      String early = read(dir, "err.txt");
      ProcessHandle child = childSleeping(p).orElseThrow(() -> new AssertionError("the run phase's child never started: "
          + early));
      p.destroy();  // SIGTERM
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "ended after SIGTERM");
      assertEquals(143, p.exitValue(), read(dir, "err.txt"));
      assertTrue(child.onExit().get(5, TimeUnit.SECONDS) != null && !child.isAlive(), "the child was stopped");
      String out = read(dir, "out.txt");
      assertTrue(out.contains("(interrupted; resume with: run --resume "), out);
      Path runDir;
      try (Stream<Path> runs = Files.list(results)) {
        runDir = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      }
      assertTrue(Files.isRegularFile(runDir.resolve("summary.md")), "the report is written");
      List<String> runRecords = Files.readAllLines(runDir.resolve("results.jsonl")).stream()
          .filter(l -> l.contains("\"phaseId\":\"run/")).toList();
      assertEquals(1, runRecords.size(), runRecords.toString());
      assertTrue(runRecords.get(0).contains("\"status\":\"INTERRUPTED\""), runRecords.get(0));
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private static java.util.Optional<ProcessHandle> childSleeping(Process p) {
    return p.descendants().filter(h -> h.info().command().map(c -> c.endsWith(File.separator + "sleep")).orElse(false))
        .findFirst();
  }

  private static String read(Path dir, String file) throws java.io.IOException {
    return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
  }
}
