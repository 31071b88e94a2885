package dev.ycsbmongo.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of a launcher script as a child process, its stdout and stderr written to files in its
 * working directory. The process and everything it started are killed, by PID, when the run
 * ends or times out.
 */
final class LauncherRun {

  final List<String> command;
  final int exitCode;
  final String stdout;
  final String stderr;
  final Duration elapsed;

  /**
   * The orchestrator's own JVM (not its YCSB children, which JAVA_OPTS does not reach) compiles with C1 only
   * in these tests: it runs a plan of seconds and draws its report, where the C2 compiler's work never pays
   * back. Measured on StudyPlansIT alone on the 2-core machine: 16% less CPU and 12% less time (two runs each,
   * 105 and 106 s against 93 and 100 s). It changes how fast the same bytecode runs, not what it does.
   */
  static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

  private LauncherRun(List<String> command, int exitCode, String stdout, String stderr, Duration elapsed) {
    this.command = command;
    this.exitCode = exitCode;
    this.stdout = stdout;
    this.stderr = stderr;
    this.elapsed = elapsed;
  }

  /**
   * Runs {@code command} in {@code workDir}; {@code whileRunning} (may be null) is called once with
   * the started process. Fails with the output so far when {@code timeout} passes.
   */
  static LauncherRun run(Path workDir, Duration timeout, Map<String, String> environment,
      Consumer<Process> whileRunning, List<String> command) throws IOException, InterruptedException {
    return run(workDir, timeout, environment, whileRunning, null, command);
  }

  /** As above, with {@code stdin} (null: /dev/null) as the process's standard input, e.g. answers to prompts. */
  static LauncherRun run(Path workDir, Duration timeout, Map<String, String> environment,
      Consumer<Process> whileRunning, String stdin, List<String> command) throws IOException, InterruptedException {
    Files.createDirectories(workDir);
    String name = "run-" + System.nanoTime();
    File input = new File("/dev/null");
    if (stdin != null) {
      input = workDir.resolve(name + ".stdin").toFile();
      Files.writeString(input.toPath(), stdin, StandardCharsets.UTF_8);
    }
    Path out = workDir.resolve(name + ".stdout");
    Path err = workDir.resolve(name + ".stderr");
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(workDir.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(input))
        .redirectOutput(out.toFile())
        .redirectError(err.toFile());
    builder.environment().remove(MongoServerExtension.ENV_URI);
    builder.environment().putAll(environment);
    if (command.get(0).endsWith("/scripts/orchestrator")) {
      builder.environment().merge("JAVA_OPTS", C1_ONLY, (given, ours) -> ours + " " + given);
    }
    long started = System.nanoTime();
    Process process = builder.start();
    try {
      if (whileRunning != null) {
        whileRunning.accept(process);
      }
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        killTree(process);
        throw new AssertionError("launcher still running after " + timeout + ": " + String.join(" ", command)
            + "\n--- stdout (tail) ---\n" + tail(read(out)) + "\n--- stderr (tail) ---\n" + tail(read(err)));
      }
      Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
      return new LauncherRun(List.copyOf(command), process.exitValue(), read(out), read(err), elapsed);
    } finally {
      killTree(process);
    }
  }

  /** Kills the process's descendants and the process itself, each by its own PID. */
  static void killTree(Process process) {
    List<ProcessHandle> descendants = new ArrayList<>();
    process.descendants().forEach(descendants::add);
    for (ProcessHandle child : descendants) {
      child.destroyForcibly();
    }
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The first of the process and its descendants whose command is a {@code java} binary. */
  static Optional<ProcessHandle> javaProcess(Process process) {
    List<ProcessHandle> candidates = new ArrayList<>();
    candidates.add(process.toHandle());
    process.descendants().forEach(candidates::add);
    for (ProcessHandle candidate : candidates) {
      List<String> argv = cmdline(candidate.pid());
      if (!argv.isEmpty() && (argv.get(0).equals("java") || argv.get(0).endsWith("/java"))) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** {@code /proc/PID/cmdline} split at NULs; empty if the process is gone. */
  static List<String> cmdline(long pid) {
    try {
      byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline"));
      List<String> argv = new ArrayList<>();
      int start = 0;
      for (int i = 0; i < raw.length; i++) {
        if (raw[i] == 0) {
          argv.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
          start = i + 1;
        }
      }
      if (start < raw.length) {
        argv.add(new String(raw, start, raw.length - start, StandardCharsets.UTF_8));
      }
      return argv;
    } catch (IOException e) {
      return List.of();
    }
  }

  String describe() {
    return String.join(" ", command) + " (exit " + exitCode + ", " + elapsed.toMillis() + " ms)";
  }

  /** The command, exit code and the tails of both streams, for assertion messages. */
  String diagnostics() {
    return describe() + "\n--- stdout (tail) ---\n" + tail(stdout) + "\n--- stderr (tail) ---\n" + tail(stderr);
  }

  private static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }

  private static String tail(String text) {
    int keep = 6000;
    return text.length() <= keep ? text : "..." + text.substring(text.length() - keep);
  }
}
