package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.binding.launch.ParentWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The main class of a worker JVM of the connection stress: reads one {@link WorkerAssignment} line
 * on stdin, opens and holds its connections, reports on stdout ({@link WorkerProtocol}), and closes
 * them on {@value WorkerProtocol#CLOSE} or when stdin ends (the coordinator died: nothing must be
 * left holding a server's connections).
 */
public final class ConnectionWorkerMain {

  private ConnectionWorkerMain() {
  }

  public static void main(String[] args) {
    // stdin's end closes the connections when the coordinator dies; this also ends a worker stuck opening
    ParentWatch.start();
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    System.exit(run(System.in, out));
  }

  /** Runs one assignment; returns the exit status (0 done, 2 unreadable assignment, 1 I/O failure). */
  static int run(InputStream stdin, PrintStream out) {
    BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
    WorkerAssignment assignment;
    ConnectionOpener opener;
    try {
      String first = in.readLine();
      if (first == null) {
        return 0;
      }
      assignment = WorkerProtocol.assignment(first);
      opener = new ConnectionOpener(assignment);
    } catch (IOException | IllegalArgumentException e) {
      send(out, new WorkerProtocol.Failed(String.valueOf(e.getMessage())));
      return 2;
    }
    Long rssBefore = settledRss();
    send(out, new WorkerProtocol.Ready(ProcessHandle.current().pid(), rssBefore, maxOpenFiles()));
    Thread watcher = new Thread(() -> awaitClose(in, opener), "connections-stdin");
    watcher.setDaemon(true);
    watcher.start();
    Long[] rssHeld = {null};
    // a SIGTERM or Ctrl-C that reaches the worker too (its process group, a deleted pod) ends the opening
    // as a close does, so that what it held is reported before the JVM ends, not lost as a dead worker
    java.util.concurrent.CountDownLatch reported = new java.util.concurrent.CountDownLatch(1);
    Thread onSignal = new Thread(() -> {
      opener.requestClose();
      try {
        reported.await(SIGNAL_GRACE_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "connections-worker-signal");
    Runtime.getRuntime().addShutdownHook(onSignal);
    try {
      ConnectionOpener.CloseSummary closed = opener.run(new ConnectionOpener.Events() {
        @Override
        public void progress(ConnectionOpener.Counts c) {
          ConnectionOpener.Timeline t = opener.timeline();
          send(out, new WorkerProtocol.Progress(c.opened(), c.failed(), c.failures(), t.peakOpened(), t.lastOpen(),
              t.firstFailure(), t.openedByHost()));
        }

        @Override
        public void opened(ConnectionOpener.OpenSummary s) {
          // the counts and timeline at the end of opening, also when a stop cut it short
          progress(s.counts());
          rssHeld[0] = settledRss();
          send(out, new WorkerProtocol.Opened(s.counts().opened(), s.counts().failed(), s.counts().failures(),
              s.firstAttempt(), s.lastOpen(), WorkerProtocol.encode(s.latencyMicros()), rssBefore, rssHeld[0],
              s.openedByHost()));
        }
      });
      send(out, new WorkerProtocol.Closed(closed.closed(), closed.droppedWhileHeld(),
          ProcStatus.peakOf(ProcStatus.peakRssBytes(), rssBefore, rssHeld[0])));
      return 0;
    } catch (IOException e) {
      send(out, new WorkerProtocol.Failed("worker " + assignment.worker() + ": " + e.getMessage()));
      return 1;
    } finally {
      reported.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(onSignal);
      } catch (IllegalStateException e) {
        // shutting down already (the signal): the hook is running and has been released
      }
    }
  }

  /** How long a signalled worker waits for its report to go out (closing thousands of sockets takes a moment). */
  private static final int SIGNAL_GRACE_SECONDS = 10;

  /**
   * Resident memory after a full collection: before and while holding, so their difference is what
   * the held connections keep, not the garbage the opening left (the peak, VmHWM, keeps that).
   */
  private static Long settledRss() {
    System.gc();
    return ProcStatus.rssBytes();
  }

  private static void awaitClose(BufferedReader in, ConnectionOpener opener) {
    try {
      String line;
      while ((line = in.readLine()) != null) {
        if (WorkerProtocol.isClose(line)) {
          break;
        }
      }
    } catch (IOException e) {
      // stdin broke: the coordinator is gone, same as its end
    }
    opener.requestClose();
  }

  private static long maxOpenFiles() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : -1;
  }

  private static void send(PrintStream out, WorkerProtocol.Message message) {
    synchronized (out) {
      out.println(WorkerProtocol.line(message));
      out.flush();
    }
  }
}
