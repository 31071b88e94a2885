package dev.ycsbmongo.it;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One side of a side-by-side pair: a fresh embedded test server behind a {@link RecordingProxy},
 * on which the pair's steps run one after the other, each through the launcher it names. For
 * every step run with the side's own launcher, a {@link Profile} of what the step did.
 */
final class SideBySideRun {

  /** Which launcher runs a step: each side its own (compared), or both sides the same one (set-up). */
  enum By { EACH, STOCK, OURS }

  /** How a launcher's run ended. */
  enum Exit {
    /** exit status 0. */
    OK,
    /** non-zero exit before any of YCSB's operations reached the server: the command was not accepted. */
    REFUSED,
    /** non-zero exit after operations were sent. */
    FAILED
  }

  /** {@code phase} (load or run) with YCSB arguments; {@value #HOST} in them is the side's server. */
  record Step(String phase, List<String> args, By by) {
    static final String HOST = "@HOST@";

    String describe() {
      return (by == By.EACH ? "" : "[" + by.name().toLowerCase() + " on both sides] ") + phase + " mongodb "
          + String.join(" ", args);
    }
  }

  /** What one step did, as facts (compared as text) and counts (compared as numbers). */
  record Profile(Step step, Exit exit, Map<String, String> facts, Map<String, Long> counts, int dataConnections,
      LauncherRun run, SentTraffic traffic) {

    /** The last line on standard error: where a refused command says why. */
    String lastError() {
      String[] lines = run.stderr.strip().split("\\R");
      return lines.length == 0 ? "" : lines[lines.length - 1];
    }
  }

  private SideBySideRun() {
  }

  /**
   * Runs {@code steps} on a fresh server with {@code own} as this side's launcher and
   * {@code stock}/{@code ours} for set-up steps, the stock launcher with {@code stockEnvironment}
   * ({@link StockClassSharing}); returns the profiles of the {@link By#EACH} steps.
   */
  static List<Profile> run(List<Step> steps, Path own, Path stock, Path ours, Map<String, String> stockEnvironment,
      Path workDir) throws Exception {
    List<Profile> profiles = new ArrayList<>();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
         RecordingProxy proxy = new RecordingProxy("127.0.0.1", server.port(), true)) {
      for (Step step : steps) {
        Path launcher = switch (step.by()) {
          case EACH -> own;
          case STOCK -> stock;
          case OURS -> ours;
        };
        List<String> command = new ArrayList<>(List.of(launcher.toString(), step.phase(), "mongodb"));
        for (String arg : step.args()) {
          command.add(arg.replace(Step.HOST, "127.0.0.1:" + proxy.port()));
        }
        proxy.clear();
        LauncherRun run = LauncherRun.run(workDir, Duration.ofSeconds(180),
            launcher.equals(stock) ? stockEnvironment : StockClassSharing.OURS_ENVIRONMENT, null, command);
        if (step.by() != By.EACH) {
          continue;
        }
        SentTraffic traffic = SentTraffic.of(proxy.commands());
        if (!proxy.problems().isEmpty()) {
          throw new AssertionError("the recording proxy could not decode all of " + run.describe() + ": "
              + proxy.problems());
        }
        Exit exit = run.exitCode == 0 ? Exit.OK : traffic.anyOperation() ? Exit.FAILED : Exit.REFUSED;
        Map<String, String> facts = new TreeMap<>();
        Map<String, Long> counts = new TreeMap<>();
        facts.put("exit", exit.name());
        traffic.facts().forEach((k, v) -> facts.put("server " + k, v));
        traffic.counts().forEach((k, v) -> counts.put("server " + k, v));
        ycsbOutput(run.stdout, facts, counts);
        profiles.add(new Profile(step, exit, facts, counts, traffic.dataConnections(), run, traffic));
      }
    }
    return profiles;
  }

  /** YCSB's measurement series that count operations (DBWrapper's names). */
  static final Set<String> OPERATION_SERIES = Set.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE",
      "READ-MODIFY-WRITE");

  /**
   * YCSB's final block: the series, each one's metric names, its Operations and Return= counts.
   * The {@code TOTAL_GC...} series are left out but for {@code TOTAL_GCs}: their names are the
   * collector's (G1 under stock's launcher, Parallel under ours), a JVM choice, not YCSB's output
   * shape. Values that are times (latencies, RunTime, Throughput) differ run to run and are not
   * compared; that the metrics are there is.
   */
  static void ycsbOutput(String stdout, Map<String, String> facts, Map<String, Long> counts) {
    Map<String, Set<String>> metrics = new TreeMap<>();
    long operations = 0;
    for (String line : stdout.split("\\R")) {
      String[] parts = line.trim().split(", ", 3);
      if (parts.length != 3 || !parts[0].startsWith("[") || !parts[0].endsWith("]")) {
        continue;
      }
      String series = parts[0].substring(1, parts[0].length() - 1);
      if (series.startsWith("TOTAL_GC") && !series.equals("TOTAL_GCs")) {
        continue;
      }
      String metric = parts[1];
      metrics.computeIfAbsent(series, s -> new TreeSet<>()).add(metric.startsWith("Return=") ? "Return=*" : metric);
      if (metric.equals("Operations") || metric.startsWith("Return=")) {
        try {
          long n = Long.parseLong(parts[2].trim());
          counts.put("ycsb [" + series + "] " + metric, n);
          // failed operations (NOT_FOUND, ERROR) are measured under <OP>-FAILED: part of the total
          if (metric.equals("Operations") && OPERATION_SERIES.contains(series.replaceFirst("-FAILED$", ""))) {
            operations += n;
          }
        } catch (NumberFormatException e) {
          facts.put("ycsb [" + series + "] " + metric, "not a number: " + parts[2]);
        }
      }
    }
    facts.put("ycsb series", metrics.keySet().toString());
    metrics.forEach((series, names) -> facts.put("ycsb [" + series + "] metrics", names.toString()));
    counts.put("ycsb operations", operations);
  }
}
