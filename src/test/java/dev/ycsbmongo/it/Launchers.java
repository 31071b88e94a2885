package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Finds {@code scripts/ycsb} and builds its command lines. */
final class Launchers {

  /** The operation series YCSB's DBWrapper measures, one count per DB call. */
  static final String[] OPERATIONS = {"READ", "UPDATE", "INSERT", "SCAN", "DELETE"};

  private Launchers() {
  }

  /** {@code <root>/scripts/ycsb}; skips the calling test when it is missing. */
  static Path ycsb() {
    Path root = ProjectRoot.find();
    Path ycsb = root.resolve("scripts/ycsb");
    assumeTrue(Files.isRegularFile(ycsb),
        "launcher " + ycsb + " does not exist (yet): launcher tests need scripts/ycsb and mvn package output");
    assumeTrue(Files.isExecutable(ycsb), "launcher " + ycsb + " is not executable");
    return ycsb;
  }

  /**
   * {@code -P <root>/workloads/workloada} when the project has it, else the same workload as
   * inline properties (50% reads, 50% updates, zipfian), so the tests do not depend on that file.
   */
  static List<String> workloadA() {
    Path file = ProjectRoot.find().resolve("workloads/workloada");
    if (Files.isRegularFile(file)) {
      return List.of("-P", file.toString());
    }
    return List.of(
        "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "readallfields=true",
        "-p", "readproportion=0.5",
        "-p", "updateproportion=0.5",
        "-p", "scanproportion=0",
        "-p", "insertproportion=0",
        "-p", "requestdistribution=zipfian");
  }

  /** {@code scripts/ycsb <phase> mongodb -s -threads N <workload a> <extra...>}. */
  static List<String> command(Path ycsb, String phase, int threads, String... extra) {
    List<String> command = new ArrayList<>();
    command.add(ycsb.toString());
    command.add(phase);
    command.add("mongodb");
    command.add("-s");
    command.add("-threads");
    command.add(String.valueOf(threads));
    command.addAll(workloadA());
    command.addAll(Arrays.asList(extra));
    return command;
  }

  /**
   * Runs {@link #command} with {@code -p mongodb.url=URI} appended, in {@code workDir} with
   * {@code environment} added, and prints what ran.
   */
  static LauncherRun run(Path workDir, Path ycsb, String uri, Map<String, String> environment, String phase,
      int threads, Duration timeout, String... extra) throws Exception {
    String[] args = Arrays.copyOf(extra, extra.length + 2);
    args[extra.length] = "-p";
    args[extra.length + 1] = "mongodb.url=" + uri;
    LauncherRun run = LauncherRun.run(workDir, timeout, environment, null, command(ycsb, phase, threads, args));
    System.out.println("[it] " + run.describe());
    return run;
  }
}
