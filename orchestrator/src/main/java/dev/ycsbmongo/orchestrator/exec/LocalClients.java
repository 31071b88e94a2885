package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.binding.launch.ParentWatch;
import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.FrameLine;
import dev.ycsbmongo.orchestrator.clients.FrameType;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.kubernetes.ClientLineSink;
import dev.ycsbmongo.orchestrator.launch.ClientMain;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.process.StopSignal;
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
  /** How long clients past the phase's bound have after SIGTERM: a frozen JVM, or one out of threads, never answers. */
  private static final Duration AT_BOUND = Duration.ofSeconds(2);
  private static final int KEPT_LINES = 5;

  private final ChildJvm jvm;
  private final Path connectionFile;
  private final HostLimits host;

  /** @param connectionFile the 0600 properties file with the connection string, the clients' {@code -P} */
  LocalClients(ChildJvm jvm, Path connectionFile) {
    this(jvm, connectionFile, HostLimits.current());
  }

  /** @param host the machine whose thread limit a client that could not start its threads is told of */
  LocalClients(ChildJvm jvm, Path connectionFile, HostLimits host) {
    this.jvm = jvm;
    this.connectionFile = connectionFile;
    this.host = host;
  }

  /** A client that could not start its threads ({@link ThreadStartFailure}): which, and its JVM's words. */
  private record ThreadFailure(int client, String reason) {
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
    AtomicReference<ThreadFailure> threadFailure = new AtomicReference<>();
    CountDownLatch anyEnded = new CountDownLatch(1);
    // every client at once, without SIGTERM: a JVM out of threads cannot start the thread that would handle it
    java.util.function.BiConsumer<Integer, String> onThreadFailure = (index, reason) -> {
      if (threadFailure.compareAndSet(null, new ThreadFailure(index, reason))) {
        failure.compareAndSet(null, "client " + index + " could not start its threads (" + reason + ")");
        clients.forEach(c -> c.end(true));
        anyEnded.countDown();
      }
    };
    try (StopSignal.Registration onStop = stop.onRequest(r -> clients.forEach(c -> c.end(
        r.reason() == StopSignal.Reason.TARGET_DOWN)))) {
      try {
        Files.createDirectories(dir);
        for (int i = 0; i < n; i++) {
          Client c = Client.start(command(launch, i), dir, i, n, secrets, lines, hellos, failure, anyEnded,
              onThreadFailure);
          clients.add(c);
          if (threadFailure.get() != null) {
            c.end(true);
          } else if (stop.isRequested()) {
            c.end(false);
          }
        }
      } catch (IOException e) {
        failure.compareAndSet(null, "cannot start client " + clients.size() + ": " + e.getMessage());
      }
      Duration timeout = launch.timeout();
      long deadline = t0 + timeout.toNanos();
      boolean timedOut = false;
      if (failure.get() == null && !stop.isRequested()) {
        if (!awaitHellos(hellos, anyEnded, stop, deadline)) {
          if (failure.get() == null && !stop.isRequested() && System.nanoTime() - deadline >= 0) {
            timedOut = true;  // the phase's bound holds from the launch, the clients' start included
          } else if (failure.get() == null && !stop.isRequested()) {
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
      if (failure.get() != null || stop.isRequested() || timedOut) {
        clients.forEach(c -> c.end(false));
      } else {
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
      long endBy = System.nanoTime() + (timedOut ? AT_BOUND : GRACE).toNanos();  // one wait for all, not one each
      for (Client c : clients) {
        c.await(Duration.ofNanos(Math.max(0, endBy - System.nanoTime())));
      }
      boolean stopped = stop.isRequested() && !stop.is(StopSignal.Reason.TARGET_DOWN);
      ThreadFailure tf = threadFailure.get();
      // the host's limit read now that the clients are gone: what it allows without them
      String cause = tf == null ? failure.get()
          : ThreadStartFailure.cause("client " + tf.client(), tf.reason(), n, launch.threads(), host);
      return new Run(Duration.ofNanos(System.nanoTime() - t0), Optional.ofNullable(cause), stopped,
          timedOut && tf == null, Optional.empty());
    } finally {
      for (Client c : clients) {
        c.kill();
      }
    }
  }

  private static boolean allEnded(List<Client> clients) {
    return clients.stream().noneMatch(c -> c.process.isAlive());
  }

  /**
   * True when every client said hello; false when one ended first, the stop came, or the time ran out
   * ({@link #HELLO_TIMEOUT}, or the phase's bound when that comes first).
   */
  private static boolean awaitHellos(CountDownLatch hellos, CountDownLatch anyEnded, StopSignal stop, long bound)
      throws InterruptedException {
    long hello = System.nanoTime() + HELLO_TIMEOUT.toNanos();
    long deadline = hello - bound < 0 ? hello : bound;
    while (System.nanoTime() - deadline < 0) {
      if (hellos.await(100, TimeUnit.MILLISECONDS)) {
        return true;
      }
      if (anyEnded.getCount() == 0 || stop.isRequested()) {
        return false;
      }
    }
    return false;
  }

  /** Client {@code index}'s GC log (the cell's freezes name its long pauses: {@link SteadyState}). */
  static Path gcLog(Path phaseDir, int index) {
    return phaseDir.resolve(CLIENTS_DIR).resolve("gc-client-" + index + ".log");
  }

  private List<String> command(Launch launch, int index) {
    List<String> argv = new ArrayList<>(jvm.command(launch.threads()));
    argv.add(GcLog.option(gcLog(launch.dir(), index)));
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

    static Client start(List<String> argv, Path dir, int index, int count, List<String> secrets,
        ClientLineSink lines, CountDownLatch hellos, AtomicReference<String> failure, CountDownLatch anyEnded,
        java.util.function.BiConsumer<Integer, String> onThreadFailure) throws IOException {
      ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
      // a client takes its connection string from its -P file only, never from an inherited variable
      pb.environment().remove("YCSB_MONGODB_URL");
      pb.environment().remove("MONGODB_URI");
      Process p = pb.start();
      Writer out = Files.newBufferedWriter(dir.resolve("client-" + index + ".out"), StandardCharsets.UTF_8);
      Writer err = Files.newBufferedWriter(dir.resolve("client-" + index + ".err"), StandardCharsets.UTF_8);
      Client[] self = new Client[1];
      java.util.function.Consumer<String> threads = line -> ThreadStartFailure.reason(line)
          .ifPresent(reason -> onThreadFailure.accept(index, reason));
      Thread o = new Thread(() -> self[0].pump(p.getInputStream(), out, secrets, line -> {
        threads.accept(line);
        lines.line(index, line);
        if (isHello(line)) {
          hellos.countDown();
        }
      }), "client-" + index + "-out");
      Thread e = new Thread(() -> self[0].pump(p.getErrorStream(), err, secrets, line -> {
        threads.accept(line);
        self[0].keep(line);
      }), "client-" + index + "-err");
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

    void await(Duration wait) throws InterruptedException {
      if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
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
