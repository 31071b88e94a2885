package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One connection stress from its settings to its result: the one path that the {@code connections}
 * command, a plan's {@code kind: connections} cell and a connections client (one of N,
 * {@link ConnectionClient}) share: the checks and the plan ({@link #check}, {@link #prepare}), the
 * run under a stop signal or under Ctrl-C/SIGTERM ({@link #run}, {@link #runUntilShutdown}), the
 * progress lines for people ({@link #textListener}) and the result with what merging needs
 * ({@link Finished}). Each caller keeps only what is its own: the command its summary and exit
 * status, the cell its verdict and server sampling, the client its frames.
 */
public final class ConnectionStressRun {

  /** How long a Ctrl-C or SIGTERM waits for the workers to close and the caller to report. */
  static final int SHUTDOWN_GRACE_SECONDS = 60;
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss'Z'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  /**
   * What a run measured.
   *
   * @param result the figures
   * @param openLatency the open latencies (connect + isMaster, µs) summed over the workers, so that
   *     clients merge exactly; null when none opened
   * @param elapsed from the start of {@link #run} to its end
   */
  public record Finished(ConnectionStressResult result, Histogram openLatency, Duration elapsed) {
  }

  private final ConnectionStress stress;
  private final ConnectionKeys.Settings settings;

  private ConnectionStressRun(ConnectionStress stress, ConnectionKeys.Settings settings) {
    this.stress = stress;
    this.settings = settings;
  }

  /**
   * Checks the settings and this machine's limits and plans the spread; opens no stress connection
   * (with {@code connections.to: primary} it asks the listed hosts which is the primary).
   *
   * @throws ConnectionLimitException one line: what cannot work and the setting to change
   */
  public static ConnectionStressRun prepare(String uri, ConnectionKeys.Settings settings,
      ConnectionStress.Options options) throws ConnectionLimitException {
    return new ConnectionStressRun(ConnectionStress.prepare(uri, settings, options), settings);
  }

  /** The one-line reason {@link #prepare} would refuse for this machine's limits, contacting no server. */
  public static Optional<String> check(String uri, ConnectionKeys.Settings settings,
      ConnectionStress.Options options) {
    return ConnectionStress.check(uri, settings, options);
  }

  public ConnectionKeys.Settings settings() {
    return settings;
  }

  /** Connections in all: {@code connections.count} x the servers connected to. */
  public int totalCount() {
    return stress.totalCount();
  }

  /** "8,000 connections to each of 3 servers", "... to the primary (host:port)", "... to host:port". */
  public String describeCount() {
    return stress.describeCount();
  }

  /** Opens, holds, closes under {@code stop} (the plan's, or {@link #runUntilShutdown}'s). */
  public Finished run(ConnectionStress.Listener listener, StopSignal stop) {
    long t0 = System.nanoTime();
    ConnectionStressResult result = stress.run(listener, stop);
    return new Finished(result, stress.openLatency(), Duration.ofNanos(System.nanoTime() - t0));
  }

  /** What the caller makes of a finished run (a summary, a frame), before a Ctrl-C lets the JVM end. */
  @FunctionalInterface
  public interface Report<T, E extends Exception> {
    T of(Finished finished) throws E;
  }

  /**
   * As {@link #run}, stopped by Ctrl-C or SIGTERM (a deleted pod): the hook stops the workers and
   * waits, up to {@value #SHUTDOWN_GRACE_SECONDS} s, until {@code report} has run, so that what was
   * measured is still reported before the JVM ends.
   *
   * @return what {@code report} returned (an exit status)
   */
  public <T, E extends Exception> T runUntilShutdown(ConnectionStress.Listener listener, Report<T, E> report)
      throws E {
    CountDownLatch finished = new CountDownLatch(1);
    StopSignal stop = new StopSignal();
    Thread hook = new Thread(() -> {
      stop.request(StopSignal.Reason.INTERRUPTED, "Ctrl-C or SIGTERM");
      try {
        finished.await(SHUTDOWN_GRACE_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "connections-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return report.of(run(listener, stop));
    } finally {
      finished.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // already shutting down (Ctrl-C): the hook is running and has been released
      }
    }
  }

  /** A wall-clock time as the progress and the summary show it: {@code 10:00:20Z}. */
  public static String clock(Instant t) {
    return CLOCK.format(t);
  }

  /**
   * Progress for people, one line at a time, each starting with {@code prefix} ({@code "connections: "}):
   * on stderr, so that stdout stays clean for a summary or frames.
   */
  public static ConnectionStress.Listener textListener(PrintWriter err, String prefix) {
    return new ConnectionStress.Listener() {
      @Override
      public void progress(long opened, long failed, Duration elapsed) {
        progress(opened, failed, elapsed, "");
      }

      @Override
      public void progress(long opened, long failed, Duration elapsed, String outlook) {
        err.printf(Locale.ROOT, "%s%,d opened, %,d failed, %.1f s%s%n", prefix, opened, failed,
            elapsed.toMillis() / 1000.0, outlook.isEmpty() ? "" : "; " + outlook);
        err.flush();
      }

      @Override
      public void holdStarted(Instant start) {
        err.println(prefix + "every attempt has ended; holding from " + clock(start));
        err.flush();
      }

      @Override
      public void note(String message) {
        err.println(prefix + message);
        err.flush();
      }
    };
  }
}
