package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.binding.launch.ParentWatch;
import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.ClientMain;
import dev.ycsbmongo.orchestrator.clients.FrameLine;
import dev.ycsbmongo.orchestrator.clients.FrameType;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.kubernetes.ClientLineSink;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code local} backend: a cell's N clients as N child JVMs on this host, each running
 * {@code ClientMain} with its own index, its output in {@code clients/client-I.out} and {@code .err}
 * under the phase's directory. The start barrier is the clients' standard input: once every client
 * has said hello (its JVM is up and its arguments are good), each is sent the same start instant, a
 * moment ahead so that the last one to read it is not late. The first client to fail ends the
 * others: a cell with a client missing measures something else than the plan asked for.
 */
final class LocalClients implements ClientBackend {

  static final String CLIENTS_DIR = "clients";
  /** How long N JVMs may take to start and say hello on a loaded machine. */
  static final Duration HELLO_TIMEOUT = Duration.ofSeconds(120);
  /** How far ahead the common start is set: long enough for every client to read its start line. */
  static final Duration START_LEAD = Duration.ofMillis(500);
  private static final Duration GRACE = Duration.ofSeconds(10);
  private static final int KEPT_LINES = 5;

  private final ChildJvm jvm;
  private final Path connectionFile;

  /** @param connectionFile the 0600 properties file with the connection string, the clients' {@code -P} */
  LocalClients(ChildJvm jvm, Path connectionFile) {
    this.jvm = jvm;
    this.connectionFile = connectionFile;
  }

  @Override
  public String name() {
    return "local";
  }

  @Override
  public Run run(Launch launch, ClientLineSink lines, StopSignal stop) throws InterruptedException {
    long t0 = System.nanoTime();
    int n = launch.clients();
    List<String> secrets = UriMasker.passwords(launch.uri());
    Path dir = launch.dir().resolve(CLIENTS_DIR);
    List<Client> clients = new java.util.concurrent.CopyOnWriteArrayList<>();
    CountDownLatch hellos = new CountDownLatch(n);
    AtomicReference<String> failure = new AtomicReference<>();
    CountDownLatch anyEnded = new CountDownLatch(1);
    try (StopSignal.Registration onStop = stop.onRequest(r -> clients.forEach(c -> c.end(
        r.reason() == StopSignal.Reason.TARGET_DOWN)))) {
      try {
        Files.createDirectories(dir);
        for (int i = 0; i < n; i++) {
          Client c = Client.start(command(launch, i), dir, i, n, secrets, lines, hellos, failure, anyEnded);
          clients.add(c);
          if (stop.isRequested()) {
            c.end(false);
          }
        }
      } catch (IOException e) {
        failure.compareAndSet(null, "cannot start client " + clients.size() + ": " + e.getMessage());
      }
      Duration timeout = launch.timeout();
      boolean timedOut = false;
      if (failure.get() == null && !stop.isRequested()) {
        if (!awaitHellos(hellos, anyEnded, stop)) {
          if (failure.get() == null && !stop.isRequested()) {
            failure.set(String.format("%d of %d clients did not say hello within %d s (a JVM that did not start, or"
                + " a machine too loaded to start %d)", hellos.getCount(), n, HELLO_TIMEOUT.toSeconds(), n));
          }
        } else {
          Instant start = Instant.now().plus(START_LEAD);
          for (Client c : clients) {
            c.start(start);
          }
        }
      }
      if (failure.get() != null || stop.isRequested()) {
        clients.forEach(c -> c.end(false));
      } else {
        long deadline = t0 + timeout.toNanos();
        while (!allEnded(clients) && failure.get() == null && !stop.isRequested()) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            timedOut = true;
            break;
          }
          anyEnded.await(Math.min(left, TimeUnit.MILLISECONDS.toNanos(200)), TimeUnit.NANOSECONDS);
        }
        if (!allEnded(clients)) {
          clients.forEach(c -> c.end(false));
        }
      }
      for (Client c : clients) {
        c.await();
      }
      boolean stopped = stop.isRequested() && !stop.is(StopSignal.Reason.TARGET_DOWN);
      return new Run(Duration.ofNanos(System.nanoTime() - t0), Optional.ofNullable(failure.get()), stopped,
          timedOut, Optional.empty());
    } finally {
      for (Client c : clients) {
        c.kill();
      }
    }
  }

  private static boolean allEnded(List<Client> clients) {
    return clients.stream().noneMatch(c -> c.process.isAlive());
  }

  /** True when every client said hello; false when one ended first, the stop came, or the time ran out. */
  private static boolean awaitHellos(CountDownLatch hellos, CountDownLatch anyEnded, StopSignal stop)
      throws InterruptedException {
    long deadline = System.nanoTime() + HELLO_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      if (hellos.await(100, TimeUnit.MILLISECONDS)) {
        return true;
      }
      if (anyEnded.getCount() == 0 || stop.isRequested()) {
        return false;
      }
    }
    return false;
  }

  private List<String> command(Launch launch, int index) {
    List<String> argv = new ArrayList<>(jvm.command(launch.threads()));
    argv.add("-D" + ParentWatch.TEMP_DIR + "=" + connectionFile.getParent());
    argv.add(ClientMain.MAIN_CLASS);
    List<String> args = new ArrayList<>(List.of("-P", connectionFile.toString()));
    args.addAll(launch.clientArgs());
    argv.addAll(ClientMain.arguments(launch.mode(), args, new ClientIndex(index, launch.clients()), StartBarrier.fromStdin()));
    return argv;
  }

  /** One child JVM and the threads reading its output. */
  private static final class Client {
    private final int index;
    private final Process process;
    private final Thread outPump;
    private final Thread errPump;
    private final Deque<String> lastErr = new ArrayDeque<>();

    private Client(int index, Process process, Thread outPump, Thread errPump) {
      this.index = index;
      this.process = process;
      this.outPump = outPump;
      this.errPump = errPump;
    }

    static Client start(List<String> argv, Path dir, int index, int count, List<String> secrets, ClientLineSink lines,
        CountDownLatch hellos, AtomicReference<String> failure, CountDownLatch anyEnded) throws IOException {
      ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
      // a client takes its connection string from its -P file only, never from an inherited variable
      pb.environment().remove("YCSB_MONGODB_URL");
      pb.environment().remove("MONGODB_URI");
      Process p = pb.start();
      Writer out = Files.newBufferedWriter(dir.resolve("client-" + index + ".out"), StandardCharsets.UTF_8);
      Writer err = Files.newBufferedWriter(dir.resolve("client-" + index + ".err"), StandardCharsets.UTF_8);
      Client[] self = new Client[1];
      Thread o = new Thread(() -> self[0].pump(p.getInputStream(), out, secrets, line -> {
        lines.line(index, line);
        if (isHello(line)) {
          hellos.countDown();
        }
      }), "client-" + index + "-out");
      Thread e = new Thread(() -> self[0].pump(p.getErrorStream(), err, secrets, self[0]::keep), "client-" + index + "-err");
      self[0] = new Client(index, p, o, e);
      o.setDaemon(true);
      e.setDaemon(true);
      o.start();
      e.start();
      p.onExit().thenRun(() -> {
        int code = p.exitValue();
        if (code != 0) {
          try {
            e.join(2000);  // its last words are the cause
          } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
          }
          // killed by a signal, its last line is whatever it was printing then (a status line): the signal is the cause
          failure.compareAndSet(null, "client " + index + " of " + count + " " + ExitStatus.describe(code)
              + (ExitStatus.bySignal(code) ? "" : self[0].lastWords()));
        }
        anyEnded.countDown();
      });
      return self[0];
    }

    private static boolean isHello(String line) {
      try {
        return FrameLine.parse(line).map(f -> f.type() == FrameType.HELLO).orElse(false);
      } catch (Exception e) {
        return false;  // a damaged line: the frame reader reports it
      }
    }

    private void keep(String line) {
      if (line.isBlank() || ExitStatus.isStatusLine(line)) {
        return;
      }
      synchronized (lastErr) {
        lastErr.addLast(line);
        if (lastErr.size() > KEPT_LINES) {
          lastErr.removeFirst();
        }
      }
    }

    String lastWords() {
      synchronized (lastErr) {
        return lastErr.isEmpty() ? "" : ": " + ExitStatus.cut(lastErr.peekLast());
      }
    }

    private void pump(InputStream in, Writer file, List<String> secrets, java.util.function.Consumer<String> each) {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)); Writer w = file) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          String safe = UriMasker.mask(line, secrets);
          w.write(safe);
          w.write('\n');
          each.accept(safe);
        }
      } catch (IOException e) {
        // the client closed its output (ended or killed): nothing more to read
      }
    }

    void start(Instant at) {
      try (OutputStream in = process.getOutputStream()) {
        in.write((StartBarrier.startLine(at) + "\n").getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // it ended already: its exit says why
      }
    }

    /** Asks it to end (SIGTERM), or ends it at once when its target is gone (nothing to wait for). */
    void end(boolean now) {
      if (now) {
        process.destroyForcibly();
      } else {
        process.destroy();
      }
    }

    void await() throws InterruptedException {
      if (!process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor();
      }
      outPump.join(GRACE.toMillis());
      errPump.join(GRACE.toMillis());
    }

    void kill() {
      if (process.isAlive()) {
        process.destroyForcibly();
      }
    }
  }
}
