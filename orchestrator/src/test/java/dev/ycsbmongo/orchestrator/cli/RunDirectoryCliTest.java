package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.exec.RunLock;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run writes: an output directory that cannot be made, a run directory another writer holds. */
class RunDirectoryCliTest {

  private static Path plan(Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, """
        name: p
        targets: [{name: local, uri: embedded}]
        scenarios: [{name: a, properties: {readproportion: 1}}]
        properties: {workload: site.ycsb.workloads.CoreWorkload, recordcount: 10, operationcount: 10}
        """);
    return plan;
  }

  private static void assertOneLine(InProcessCli r, String expected) {
    assertEquals(2, r.exit(), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertEquals("orchestrator: " + expected + "\n", r.err());
    assertFalse(r.err().contains("Exception"), r.err());
  }

  @Test
  void refusesAnOutputDirectoryTheFileSystemDoesNotAllowInOneLine(@TempDir Path dir) throws Exception {
    InProcessCli r = InProcessCli.run("run", plan(dir).toString(), "--output-dir", "/proc/x");
    assertOneLine(r, "--output-dir /proc/x: cannot create the run directory: the file system does not allow creating "
        + "directories there (/proc/x); give a directory you can write to");
  }

  @Test
  void refusesAnOutputDirectoryBelowAFileInOneLine(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("afile"), "x");
    InProcessCli below = InProcessCli.run("run", plan(dir).toString(), "-o", file.resolve("results").toString());
    assertOneLine(below, "--output-dir " + file.resolve("results") + ": cannot create the run directory: not a directory ("
        + file + " is a file); give a directory you can write to");
    InProcessCli at = InProcessCli.run("run", plan(dir).toString(), "-o", file.toString());
    assertOneLine(at, "--output-dir " + file + ": cannot create the run directory: not a directory (" + file
        + " is a file); give a directory you can write to");
  }

  @Test
  void refusesAnOutputDirectoryItMayNotWriteInOneLine(@TempDir Path dir) throws Exception {
    // /sys refuses even root, so this holds whoever runs the tests
    InProcessCli r = InProcessCli.run("run", plan(dir).toString(), "-o", "/sys/ycsb-results");
    assertOneLine(r, "--output-dir /sys/ycsb-results: cannot create the run directory: operation not permitted "
        + "(/sys/ycsb-results); give a directory you can write to");
  }

  @Test
  void reportAndResumeRefuseARunDirectoryAnotherWriterHolds(@TempDir Path dir) throws Exception {
    Path run = Files.createDirectories(dir.resolve("p-20261124-140211"));
    Files.writeString(run.resolve("results.jsonl"), "");
    Files.writeString(run.resolve("run.json"), "{}");
    Files.writeString(run.resolve("plan.source.yaml"), "name: p\n");
    try (RunLock held = RunLock.acquire(run, run.toString(), "run --resume", note -> { })) {
      long pid = ProcessHandle.current().pid();
      InProcessCli report = InProcessCli.run("report", run.toString());
      assertEquals(2, report.exit(), report.err());
      assertTrue(report.err().matches("orchestrator: " + java.util.regex.Pattern.quote(run.toString()) + " is in use by PID "
          + pid + " \\(run --resume, started \\d\\d:\\d\\d:\\d\\d on [^)]+\\); wait for it or stop it\n"), report.err());
      InProcessCli resume = InProcessCli.run("run", "--resume", run.toString());
      assertEquals(2, resume.exit(), resume.err());
      assertTrue(resume.err().contains(" is in use by PID " + pid + " (run --resume, started "), resume.err());
    }
    // a resume that fails after taking the lock (its plan copy does not load) lets it go
    for (int i = 0; i < 2; i++) {
      InProcessCli failed = InProcessCli.run("run", "--resume", run.toString());
      assertTrue(failed.exit() != 0, failed.err());
      assertFalse(failed.err().contains("in use") || failed.err().contains("taking over"), failed.err());
    }
    assertEquals("", Files.readString(run.resolve(RunLock.FILE)));
  }
}
