package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Runs {@code scripts/orchestrator} as a child process and reads what it left in a run directory. */
final class Orchestrator {

  static final Duration TIMEOUT = Duration.ofMinutes(5);

  private Orchestrator() {
  }

  static Path launcher() {
    Path script = ProjectRoot.find().resolve("scripts/orchestrator");
    assumeTrue(Files.isExecutable(script), "launcher " + script + " is missing: run mvn package first");
    return script;
  }

  static LauncherRun run(Path workDir, Map<String, String> env, Consumer<Process> whileRunning, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(launcher().toString());
    command.addAll(Arrays.asList(args));
    return LauncherRun.run(workDir, TIMEOUT, env, whileRunning, command);
  }

  /** The only run directory under {@code root}. */
  static Path onlyRunDir(Path root) throws IOException {
    try (Stream<Path> dirs = Files.list(root)) {
      List<Path> all = dirs.filter(Files::isDirectory).toList();
      if (all.size() != 1) {
        throw new AssertionError("expected one run directory under " + root + ", found " + all);
      }
      return all.get(0);
    }
  }

  static List<String> resultLines(Path runDir) throws IOException {
    Path results = runDir.resolve("results.jsonl");
    return Files.exists(results) ? Files.readAllLines(results, StandardCharsets.UTF_8) : List.of();
  }

  /** Writes a plan file into {@code dir}, {@code ${ROOT}} standing for the project root. */
  static Path writePlan(Path dir, String name, String yaml) throws IOException {
    Path plan = dir.resolve(name + ".yaml");
    Files.writeString(plan, yaml.replace("${ROOT}", ProjectRoot.find().toString()), StandardCharsets.UTF_8);
    return plan;
  }

  /**
   * Waits until the orchestrator started in {@code workDir} (its output is in {@code run-*.stdout} and {@code run-*.stderr} there, see
   * {@link LauncherRun}) prints a progress line of phase {@code phase} with operations done: that phase's
   * child is at work against its server, not still starting its JVM (seconds on a loaded machine). Needs
   * {@code --progress plain}. Fails at once when {@code process} ends first.
   */
  static void awaitPhaseAtWork(Process process, Path workDir, int phase, Duration timeout) {
    java.util.regex.Pattern working = java.util.regex.Pattern.compile(
        "(?m)^\\[phase " + phase + "/[^\\]]*\\] run .*: [1-9][0-9,]*(/[0-9,]+)? ops");
    poll(process, timeout, "phase " + phase + " reported operations", () -> {
      try (Stream<Path> files = Files.list(workDir)) {
        for (Path f : files.filter(f -> f.getFileName().toString().matches("run-.*\\.std(out|err)")).toList()) {
          if (working.matcher(Files.readString(f)).find()) {
            return true;
          }
        }
      }
      return false;
    });
  }

  /**
   * Waits until results.jsonl of the only run directory under {@code root} has {@code lines} lines;
   * fails at once when {@code process} ends first.
   */
  static void awaitRecords(Process process, Path root, int lines, Duration timeout) {
    poll(process, timeout, lines + " result records were written under " + root, () -> {
      try (Stream<Path> dirs = Files.list(root)) {
        for (Path d : dirs.filter(Files::isDirectory).toList()) {
          if (resultLines(d).size() >= lines) {
            return true;
          }
        }
      }
      return false;
    });
  }

  /** A condition read from files the orchestrator is writing: an I/O error means "not yet". */
  @FunctionalInterface
  interface Condition {
    boolean holds() throws IOException;
  }

  /**
   * Checks {@code condition} every 100 ms until it holds; fails when {@code process} ends first or
   * {@code timeout} passes, naming what was awaited ({@code what}, e.g. "phase 2 reported operations").
   */
  static void poll(Process process, Duration timeout, String what, Condition condition) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (condition.holds()) {
          return;
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // not written yet
      }
      if (!process.isAlive()) {
        throw new AssertionError("the orchestrator ended (exit " + process.exitValue() + ") before " + what);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    throw new AssertionError("not within " + timeout + ": " + what);
  }
}
