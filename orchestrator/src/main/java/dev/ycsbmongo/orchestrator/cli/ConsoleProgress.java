package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.ProgressListener;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * Progress for people, on stderr: on a terminal one live line per phase (rewritten in place); elsewhere
 * (CI logs, pipes) a plain line at least every {@value #PLAIN_EVERY_SECONDS} s while a phase runs (a
 * ticker repeats the last figures when YCSB's own status lines are further apart), then one closing line
 * per phase. The plan ETA counts down from the runner's estimate at the phase's start (which it
 * re-estimates from the phases already run), so the figure shown moves. The live line is fitted to the
 * terminal's width ({@link LiveLine}), read at each phase's start and every 10 s ({@link TerminalWidth}).
 */
final class ConsoleProgress implements ProgressListener {

  static final int PLAIN_EVERY_SECONDS = 2;
  /** A window resized during a long phase is followed within this time (Java gets no SIGWINCH). */
  static final long WIDTH_EVERY_MILLIS = 10_000;

  private final PrintWriter out;
  private final boolean live;
  private final LongSupplier clockMillis;
  private final IntSupplier columns;
  private int width = TerminalWidth.FALLBACK;
  /** When the width was last read: again at each phase's start and every {@value #WIDTH_EVERY_MILLIS} ms. */
  private long widthReadAt = Long.MIN_VALUE;
  private String phaseText = "";
  private String k = "";
  private Duration etaAtStart;
  private long startedAt;
  private long lastPrintedAt;
  private String lastFigures;
  private boolean running;
  private boolean lineOpen;
  private ScheduledExecutorService ticker;
  private boolean quiet;

  ConsoleProgress(PrintWriter out, boolean live) {
    this(out, live, System::currentTimeMillis);
  }

  /** {@code clockMillis}: wall time, a fake in tests; plain mode then calls {@link #tick()} every second. */
  ConsoleProgress(PrintWriter out, boolean live, LongSupplier clockMillis) {
    this(out, live, clockMillis, TerminalWidth::columns);
  }

  /** {@code columns}: the terminal's width, asked at each phase's start (a fixed width in tests). */
  ConsoleProgress(PrintWriter out, boolean live, LongSupplier clockMillis, IntSupplier columns) {
    this.out = out;
    this.live = live;
    this.clockMillis = clockMillis;
    this.columns = columns;
  }

  /** {@code -q}: no progress and no line for a phase that succeeded; notes (warnings) and failures stay. */
  ConsoleProgress quiet() {
    quiet = true;
    return this;
  }

  /** Starts the plain-mode ticker (a daemon thread: it never holds the JVM). */
  ConsoleProgress withTicker() {
    if (!live && ticker == null) {
      ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "console-progress");
        t.setDaemon(true);
        return t;
      });
      ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }
    return this;
  }

  /**
   * Plain mode: while a phase runs and nothing was printed for {@value #PLAIN_EVERY_SECONDS} s, prints the
   * last figures again with the time since the phase started and the ETA counted down.
   */
  synchronized void tick() {
    long now = clockMillis.getAsLong();
    if (live || quiet || !running || now - lastPrintedAt < PLAIN_EVERY_SECONDS * 1000L) {
      return;
    }
    long secs = (now - startedAt) / 1000;
    String figures = lastFigures == null ? "starting" : lastFigures;
    plain(head() + ": " + figures + ", " + secs + "s");
  }

  private String head() {
    String eta = eta();
    return "[phase " + k + (eta == null ? "" : ", plan ETA " + eta) + "] " + phaseText;
  }

  private String eta() {
    return etaAtStart == null ? null : elapsed(etaAtStart.minusMillis(clockMillis.getAsLong() - startedAt));
  }

  private void plain(String line) {
    lastPrintedAt = clockMillis.getAsLong();
    out.println(line);
    out.flush();
  }

  @Override
  public synchronized void planStarted(String planName, Path runDir, int total, int toRun) {
    out.println("plan " + planName + ": " + total + " phases" + (toRun < total ? ", " + (total - toRun)
        + " already succeeded, " + toRun + " to run" : "") + (runDir == null ? "" : "; results in " + runDir));
    out.flush();
  }

  @Override
  public synchronized void phaseStarted(Phase phase, int k, int n, Optional<Duration> eta) {
    if (quiet) {
      return;
    }
    this.k = k + "/" + n;
    phaseText = describe(phase);
    etaAtStart = eta.orElse(null);
    startedAt = clockMillis.getAsLong();
    lastFigures = null;
    running = true;
    if (live) {
      widthReadAt = Long.MIN_VALUE;
      show(new LiveLine(this.k, eta(), phaseText, null, "starting", null));
    } else {
      plain(head() + ": started");
    }
  }

  @Override
  public synchronized void status(Phase phase, PhaseProgress p) {
    if (quiet) {
      return;
    }
    boolean stress = phase.kind() == PhaseKind.CONNECTIONS;
    String done = stress ? String.format(Locale.ROOT, "%,d/%,d connections open", p.operations(),
        p.expectedOperations()) : done(p);
    String figures = stress ? String.format(Locale.ROOT, "%s/s, %,d failed", fmt(p.currentOpsPerSec()),
        p.errorsSoFar()) : fmt(p.currentOpsPerSec()) + " ops/s, " + p.errorsSoFar() + " errors";
    lastFigures = done + ", " + figures;
    LiveLine line = new LiveLine(k, eta(), phaseText, done, figures, p.elapsedSeconds() + "s");
    if (live) {
      show(line);
    } else if (clockMillis.getAsLong() - lastPrintedAt >= PLAIN_EVERY_SECONDS * 1000L) {
      plain(line.full());
    }
  }

  @Override
  public synchronized void phaseEnded(Phase phase, PhaseResult r) {
    if (quiet && r.status() == PhaseStatus.SUCCEEDED) {
      return;
    }
    String head = running && phaseText.equals(describe(phase)) ? head() : describe(phase);
    running = false;
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

  private void show(LiveLine line) {
    long now = clockMillis.getAsLong();
    if (widthReadAt == Long.MIN_VALUE || now - widthReadAt >= WIDTH_EVERY_MILLIS) {
      width = columns.getAsInt();
      widthReadAt = now;
    }
    out.print("\r" + line.fit(width) + "\033[K");
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
