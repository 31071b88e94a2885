package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.ProgressListener;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Progress for people, on stderr: on a terminal one live line per phase (rewritten in place); elsewhere
 * (CI logs, pipes) a plain line every {@value #PLAIN_EVERY_SECONDS} s, so logs stay readable.
 */
final class ConsoleProgress implements ProgressListener {

  static final int PLAIN_EVERY_SECONDS = 10;

  private final PrintWriter out;
  private final boolean live;
  private String prefix = "";
  private long lastPlainAt = -1;
  private boolean lineOpen;

  ConsoleProgress(PrintWriter out, boolean live) {
    this.out = out;
    this.live = live;
  }

  @Override
  public synchronized void planStarted(String planName, Path runDir, int total, int toRun) {
    out.println("plan " + planName + ": " + total + " phases" + (toRun < total ? ", " + (total - toRun)
        + " already succeeded, " + toRun + " to run" : "") + (runDir == null ? "" : "; results in " + runDir));
    out.flush();
  }

  @Override
  public synchronized void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta) {
    prefix = "[phase " + k + "/" + n + eta.map(e -> ", plan ETA " + elapsed(e)).orElse("") + "] " + describe(phase);
    lastPlainAt = -1;
    if (live) {
      show(prefix + ": starting");
    } else {
      out.println(prefix + ": started");
      out.flush();
    }
  }

  @Override
  public synchronized void status(Phase phase, PhaseProgress p) {
    String line = phase.kind() == PhaseKind.CONNECTIONS
        ? prefix + ": " + String.format(Locale.ROOT, "%,d/%,d connections open, %s/s, %,d failed, %ds", p.operations(),
            p.expectedOperations(), fmt(p.currentOpsPerSec()), p.errorsSoFar(), p.elapsedSeconds())
        : prefix + ": " + done(p) + ", " + fmt(p.currentOpsPerSec()) + " ops/s, " + p.errorsSoFar() + " errors, "
            + p.elapsedSeconds() + "s";
    if (live) {
      show(line);
    } else if (lastPlainAt < 0 || p.elapsedSeconds() - lastPlainAt >= PLAIN_EVERY_SECONDS) {
      lastPlainAt = p.elapsedSeconds();
      out.println(line);
      out.flush();
    }
  }

  @Override
  public synchronized void phaseEnded(Phase phase, PhaseResult r) {
    String head = prefix.isEmpty() || !prefix.endsWith(describe(phase)) ? describe(phase) : prefix;
    String line = head + ": " + switch (r.status()) {
      case SUCCEEDED -> r.connections() != null ? "ok, " + connections(r.connections())
          : r.tableWindow() == null ? "ok" : "ok, " + fmt(r.tableWindow().throughputOpsPerSec()) + " ops/s ("
          + r.tableWindow().window() + ", as in the tables), " + pct(r.tableWindow().errorRate()) + " errors, "
          + String.format(Locale.ROOT, "%.1fs", r.runtimeSeconds());
      default -> r.status().name() + ": " + r.cause();
    };
    endLine();
    out.println(line);
    out.flush();
    prefix = "";
  }

  @Override
  public synchronized void note(String message) {
    endLine();
    out.println(message);
    out.flush();
  }

  static String connections(ConnectionStressResult c) {
    return String.format(Locale.ROOT, "%,d of %,d connections reached in %.1fs, %s by the server", c.opened(),
        c.requested(), c.openSeconds(), c.seenByServer() == null ? "not counted" : String.format(Locale.ROOT, "%,d seen",
        c.seenByServer()));
  }

  static String describe(Phase p) {
    if (p.kind() == PhaseKind.LOAD && p.repetition() == 0) {
      return "load data set " + p.dataSet() + " (for " + p.scenario() + ")";
    }
    String coords = p.coordinates().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
    String rep = p.repetition() > 0 ? " rep " + p.repetition() : "";
    return p.kind().label() + " " + p.scenario() + (coords.isEmpty() ? "" : " " + coords) + rep + " on " + p.target();
  }

  private static String done(PhaseProgress p) {
    if (p.expectedOperations() != null && p.expectedOperations() > 0) {
      long pct = Math.min(100, p.operations() * 100 / p.expectedOperations());
      return String.format(Locale.ROOT, "%,d/%,d ops (%d%%)", p.operations(), p.expectedOperations(), pct);
    }
    if (p.maxSeconds() != null) {
      return String.format(Locale.ROOT, "%,d ops, %s left", p.operations(),
          elapsed(Duration.ofSeconds(Math.max(0, p.maxSeconds() - p.elapsedSeconds()))));
    }
    return String.format(Locale.ROOT, "%,d ops", p.operations());
  }

  /** {@code 45s}, {@code 3m05s}, {@code 2h00m}: a time left, read at a glance. */
  static String elapsed(Duration d) {
    long s = Math.max(0, d.toSeconds());
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
  }

  private static String fmt(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%,.0f", v);
  }

  private static String pct(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f%%", v * 100);
  }

  private void show(String line) {
    out.print("\r" + line + "\033[K");
    out.flush();
    lineOpen = true;
  }

  private void endLine() {
    if (lineOpen) {
      out.print("\r\033[K");
      lineOpen = false;
    }
  }
}
