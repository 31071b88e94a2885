package dev.ycsbmongo.orchestrator.connections;

import dev.ycsbmongo.orchestrator.process.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator's side of one worker JVM: starts it with its assignment on stdin, turns its
 * stdout lines into events on a queue shared by all workers, and reports its end (with the last
 * lines of its stderr) as an event too, so a worker that dies is seen, never waited for.
 */
final class WorkerProcess {

  /**
   * JVM options of a worker: small heap and stacks (it has one busy thread), the collector with
   * least overhead, and a small initial heap so resident memory follows what the connections hold
   * rather than how much young generation the opening happened to touch.
   */
  static final List<String> JVM_OPTIONS = List.of("-Xms16m", "-Xmx256m", "-Xss256k", "-XX:+UseSerialGC",
      "-XX:-UsePerfData");
  /** Variables a worker keeps; the rest (a connection string in an env: variable above all) stays behind. */
  static final List<String> KEPT_ENVIRONMENT = List.of("PATH", "LANG", "LC_ALL", "TZ");
  private static final int KEPT_STDERR_LINES = 5;

  /** One thing a worker said or did: a message, a line that is not one, or its exit. */
  record Event(int worker, WorkerProtocol.Message message, String strayLine, Integer exitCode, String lastStderr) {
  }

  private final int worker;
  private final Process process;
  private final Deque<String> stderrTail = new ArrayDeque<>();

  private WorkerProcess(int worker, Process process) {
    this.worker = worker;
    this.process = process;
  }

  static List<String> command(ChildJvm jvm) {
    List<String> c = new ArrayList<>();
    c.add(jvm.java().toString());
    c.addAll(JVM_OPTIONS);
    c.addAll(jvm.extraOptions());
    c.add(ChildJvm.parentPidOption());  // a worker ends with the orchestrator, even after kill -9
    c.add("-cp");
    c.add(jvm.classPath());
    c.add(ConnectionWorkerMain.class.getName());
    return c;
  }

  static WorkerProcess start(ChildJvm jvm, WorkerAssignment assignment, BlockingQueue<Event> events)
      throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(jvm));
    Map<String, String> env = pb.environment();
    env.keySet().retainAll(KEPT_ENVIRONMENT);
    Process p = pb.start();
    WorkerProcess w = new WorkerProcess(assignment.worker(), p);
    Thread err = new Thread(w::pumpStderr, "connections-worker-" + w.worker + "-stderr");
    err.setDaemon(true);
    err.start();
    Thread out = new Thread(() -> w.pumpStdout(events, err), "connections-worker-" + w.worker + "-stdout");
    out.setDaemon(true);
    out.start();
    w.send(WorkerProtocol.line(assignment));
    return w;
  }

  int worker() {
    return worker;
  }

  long pid() {
    return process.pid();
  }

  /** Asks the worker to close its connections and exit; harmless when it is gone already. */
  void sendClose() {
    send(WorkerProtocol.CLOSE);
  }

  /** Waits up to {@code grace} for the exit, then SIGTERM, then SIGKILL. */
  void awaitOrDestroy(Duration grace) {
    try {
      if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        return;
      }
      process.destroy();
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  void destroyNow() {
    process.destroyForcibly();
  }

  private void send(String line) {
    try {
      Writer w = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
      w.write(line);
      w.write('\n');
      w.flush();
    } catch (IOException e) {
      // the worker is gone: its stdout reader reports the exit
    }
  }

  private void pumpStdout(BlockingQueue<Event> events, Thread stderrPump) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        try {
          events.add(new Event(worker, WorkerProtocol.message(line), null, null, null));
        } catch (IllegalArgumentException e) {
          events.add(new Event(worker, null, line, null, null));
        }
      }
    } catch (IOException e) {
      // the pipe broke: the worker is gone, reported below
    }
    int exit;
    try {
      exit = process.waitFor();
      stderrPump.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exit = -1;
    }
    String tail;
    synchronized (stderrTail) {
      tail = String.join(" | ", stderrTail);
    }
    events.add(new Event(worker, null, null, exit, tail));
  }

  private void pumpStderr() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        synchronized (stderrTail) {
          stderrTail.addLast(line.strip());
          if (stderrTail.size() > KEPT_STDERR_LINES) {
            stderrTail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      // closed with the process
    }
  }
}
