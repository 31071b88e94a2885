package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one child YCSB JVM: stdout to {@code ycsb.out}, stderr to {@code ycsb.err} (both masked
 * once more here, whatever the child printed), each status line handed to a listener, killed
 * when it outlives its timeout or when its stop signal is requested: ended at once when its target
 * stopped answering, asked to stop (and recorded as stopped) for any other reason.
 */
final class ChildProcess {

  static final String STDOUT_FILE = "ycsb.out";
  static final String STDERR_FILE = "ycsb.err";
  private static final Duration GRACE = Duration.ofSeconds(10);
  /**
   * How long a child past its bound has after SIGTERM before SIGKILL: short, since YCSB exports nothing when
   * stopped and a frozen or thread-starved JVM never handles the signal.
   */
  private static final Duration AT_BOUND = Duration.ofSeconds(2);
  private static final int KEPT_LINES = 20;

  /**
   * How it ended. {@code lastLines}: the last non-status stderr lines, for the failure cause; {@code timedOut}: ended
   * at its bound ({@link PhaseBound}); {@code threadFailure}: why it was ended at once because it could not start a
   * thread ({@link ThreadStartFailure}), else null.
   */
  record Outcome(int exitCode, boolean timedOut, boolean stopped, Duration elapsed, List<String> lastLines,
      String threadFailure) {

    Outcome(int exitCode, boolean timedOut, boolean stopped, Duration elapsed, List<String> lastLines) {
      this(exitCode, timedOut, stopped, elapsed, lastLines, null);
    }
  }

  private final Process process;
  private final Thread pump;
  private final Deque<String> lastLines = new ArrayDeque<>();
  private volatile String threadFailure;
  private final StopSignal stop;
  private final StopSignal.Registration onStop;

  private ChildProcess(Process process, Thread pump, StopSignal stop) {
    this.process = process;
    this.pump = pump;
    this.stop = stop;
    // a signal requested before the child started reaches it here, at once
    this.onStop = stop.onRequest(r -> {
      if (r.reason() == StopSignal.Reason.TARGET_DOWN) {
        abort();
      } else {
        kill(GRACE);
      }
    });
  }

  static ChildProcess start(List<String> argv, Path dir, List<String> secrets, Consumer<StatusLine> onStatus,
      StopSignal stop) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile())
        .redirectOutput(dir.resolve(STDOUT_FILE).toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    // the child must take its URL from the -P file only, never from an inherited variable
    pb.environment().remove("YCSB_MONGODB_URL");
    Process p = pb.start();
    Writer err = Files.newBufferedWriter(dir.resolve(STDERR_FILE), StandardCharsets.UTF_8);
    ChildProcess[] self = new ChildProcess[1];
    Thread pump = new Thread(() -> self[0].pumpStderr(p, err, secrets, onStatus), "ycsb-stderr");
    self[0] = new ChildProcess(p, pump, stop);
    pump.setDaemon(true);
    pump.start();
    return self[0];
  }

  private void pumpStderr(Process p, Writer err, List<String> secrets, Consumer<StatusLine> onStatus) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
         Writer w = err) {
      String line;
      while ((line = r.readLine()) != null) {
        String safe = UriMasker.mask(line, secrets);
        w.write(safe);
        w.write('\n');
        if (threadFailure == null) {
          var failure = ThreadStartFailure.reason(safe);
          if (failure.isPresent()) {
            threadFailure = failure.get();
            // no SIGTERM first: a JVM out of threads cannot start the thread that would handle it
            process.destroyForcibly();
          }
        }
        var status = StatusLine.parse(safe);
        if (status.isPresent()) {
          onStatus.accept(status.get());
        } else if (!safe.isBlank()) {
          synchronized (lastLines) {
            lastLines.addLast(safe);
            if (lastLines.size() > KEPT_LINES) {
              lastLines.removeFirst();
            }
          }
        }
      }
    } catch (IOException e) {
      // the child closed its stderr (killed): nothing more to read
    }
  }

  /** Waits for the end, ending the child at {@code bound} ({@link PhaseBound}) whatever state it is in. */
  Outcome await(Duration bound) throws InterruptedException {
    long start = System.nanoTime();
    try {
      boolean finished = process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS);
      boolean timedOut = !finished && !stopped() && threadFailure == null;
      if (!finished) {
        kill(timedOut ? AT_BOUND : GRACE);
      }
      pump.join(GRACE.toMillis());
      Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
      synchronized (lastLines) {
        return new Outcome(process.exitValue(), timedOut, stopped(), elapsed, List.copyOf(lastLines), threadFailure);
      }
    } finally {
      onStop.close();
    }
  }

  /** Asked to stop (Ctrl-C, ...): the child was ended for it; a target that stopped answering is not that. */
  private boolean stopped() {
    return stop.isRequested() && !stop.is(StopSignal.Reason.TARGET_DOWN);
  }

  /**
   * Ends the child at once (SIGKILL) on its target's stop, without calling it interrupted: the caller records why (its
   * target stopped answering). Nothing is lost by not asking nicely: the HDR logs are written per
   * interval, and YCSB exports its figures only when it ends by itself; its shutdown hooks would
   * only wait on the dead server.
   */
  private void abort() {
    process.destroyForcibly();
  }

  private void kill(Duration wait) {
    process.destroy();
    try {
      if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
