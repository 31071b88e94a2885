package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.FrameLine;
import dev.ycsbmongo.orchestrator.clients.FrameType;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.process.ChildJvm;
import dev.ycsbmongo.orchestrator.process.HostLimits;
import dev.ycsbmongo.orchestrator.process.StopSignal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code local} backend against the embedded server (so the clients' figures describe the client
 * only), as an adversary would run it: a client with bad arguments, a client killed mid-run, a Ctrl-C.
 * Each must end every client process and say why in one line; none may be left running.
 */
class LocalClientsTest {

  @TempDir
  static Path dir;
  private static EmbeddedMongoServer server;
  private static Path connection;

  @BeforeAll
  static void startServer() throws IOException {
    server = EmbeddedMongoServer.start(0);
    connection = dir.resolve("connection.properties");
    Files.writeString(connection, "mongodb.url=" + server.connectionString("localclients") + "\n");
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  /** A run of 2 threads per client that lasts {@code seconds} unless ended. */
  private static List<String> runArgs(int seconds) {
    return List.of("-db", "dev.ycsbmongo.binding.MongoDbClient", "-p", "workload=site.ycsb.workloads.CoreWorkload",
        "-p", "recordcount=100", "-p", "operationcount=100000000", "-p", "maxexecutiontime=" + seconds,
        "-p", "readproportion=1", "-p", "updateproportion=0", "-p", "fieldcount=1", "-threads", "2", "-s", "-t");
  }

  private static LocalClients backend() {
    return new LocalClients(ChildJvm.current(), connection);
  }

  private static ClientBackend.Launch launch(Path cellDir, int clients, List<String> args) throws IOException {
    Files.createDirectories(cellDir);
    return new ClientBackend.Launch("ycsb", clients, 2, args, server.connectionString("localclients"), cellDir,
        Duration.ofMinutes(2), "unused");
  }

  private static List<ProcessHandle> clientProcesses() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(p -> commandLine(p).contains("ClientMain")).toList();
  }

  /** The whole command line from /proc (the JDK's ProcessHandle.Info cuts long ones short). */
  private static String commandLine(ProcessHandle p) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
          java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
    } catch (IOException e) {
      return "";  // it ended meanwhile
    }
  }

  @Test
  void aClientWithBadArgumentsFailsTheCellInOneLineBeforeAnyStart() throws Exception {
    List<String> bad = List.of("-db", "dev.ycsbmongo.binding.MongoDbClient", "-p", "operationcount=1", "-threads", "2",
        "-s", "-t");
    ClientBackend.Run r = backend().run(launch(dir.resolve("bad"), 2, bad), (i, line) -> { }, new StopSignal());
    assertTrue(r.failure().isPresent(), r.toString());
    String cause = r.failure().get();
    assertTrue(cause.matches("client [01] of 2 exited with status 2: client: operationcount 1 over 2 clients leaves a client"
        + " none .*"), cause);
    assertFalse(r.stopped());
    assertEquals(List.of(), clientProcesses(), "no client left running");
  }

  @Test
  void aClientKilledMidRunFailsTheCellAndEndsTheOthers() throws Exception {
    CountDownLatch measuring = new CountDownLatch(3);
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<ClientBackend.Run> run = runner.submit(() -> backend().run(launch(dir.resolve("killed"), 3, runArgs(60)),
          (i, line) -> countIntervals(line, measuring), new StopSignal()));
      assertTrue(measuring.await(60, TimeUnit.SECONDS), "the clients never measured");
      ProcessHandle victim = clientProcesses().stream()
          .filter(p -> commandLine(p).contains("client.index=2")).findFirst().orElseThrow();
      victim.destroyForcibly();
      ClientBackend.Run r = run.get(60, TimeUnit.SECONDS);
      // the cause is the signal, not the client's last status line
      assertEquals(Optional.of("client 2 of 3 killed by SIGKILL (exit 137)"), r.failure(), r.toString());
      assertTrue(r.elapsed().compareTo(Duration.ofSeconds(50)) < 0, "the other client was ended, not waited for: " + r);
      assertEquals(List.of(), clientProcesses(), "no client left running");
    } finally {
      runner.shutdownNow();
    }
  }

  @Test
  void aStopEndsEveryClientAndTheCellIsStoppedNotFailed() throws Exception {
    CountDownLatch measuring = new CountDownLatch(2);
    StopSignal stop = new StopSignal();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<ClientBackend.Run> run = runner.submit(() -> backend().run(launch(dir.resolve("stopped"), 2, runArgs(60)),
          (i, line) -> countIntervals(line, measuring), stop));
      assertTrue(measuring.await(60, TimeUnit.SECONDS), "the clients never measured");
      stop.request(StopSignal.Reason.INTERRUPTED, "Ctrl-C");
      ClientBackend.Run r = run.get(60, TimeUnit.SECONDS);
      assertTrue(r.stopped(), r.toString());
      assertFalse(r.timedOut(), r.toString());
      assertEquals(List.of(), clientProcesses(), "no client left running");
    } finally {
      runner.shutdownNow();
    }
  }

  /** Two clients whose JVMs behave as {@code behaviour} ({@link FakeChildJava}), bounded at {@code bound}. */
  private static ClientBackend.Run fakeClients(String name, String behaviour, Duration bound) throws Exception {
    Path cell = Files.createDirectories(dir.resolve(name));
    ChildJvm fake = new ChildJvm(FakeChildJava.write(cell, behaviour), System.getProperty("java.class.path"),
        List.of());
    HostLimits host = HostLimits.fixed(333,
        "cgroup pids.max 400 from /sys/fs/cgroup/pids/docker/abc/pids.max, less 3 in use and 64 for the JVM itself");
    ClientBackend.Launch launch = new ClientBackend.Launch("ycsb", 2, 2, runArgs(60),
        server.connectionString("localclients"), cell, bound, "unused");
    return new LocalClients(fake, connection, host).run(launch, (i, line) -> { }, new StopSignal());
  }

  @Test
  void frozenClientsAreEndedAtThePhasesBoundEvenBeforeTheySaidHello() throws Exception {
    ClientBackend.Run r = fakeClients("frozen", FakeChildJava.FROZEN, Duration.ofSeconds(2));
    assertTrue(r.timedOut(), r.toString());
    // the bound, then SIGTERM unanswered for 2 s, then SIGKILL: never the 120 s allowed for saying hello
    assertTrue(r.elapsed().compareTo(Duration.ofSeconds(15)) < 0, r.toString());
    assertEquals(List.of(), fakeProcesses(), "no client left running");
  }

  @Test
  void aClientThatCannotStartItsThreadsFailsTheCellAtOnce() throws Exception {
    ClientBackend.Run r = fakeClients("threads", FakeChildJava.OUT_OF_THREADS, Duration.ofMinutes(2));
    assertFalse(r.timedOut(), r.toString());
    String cause = r.failure().orElseThrow();
    assertTrue(cause.matches("client [01] could not start its threads \\(unable to create native thread\\): 2 clients"
        + " x 2 threads asked; this host allows at most 333 \\(cgroup pids.max 400 from"
        + " /sys/fs/cgroup/pids/docker/abc/pids.max, less 3 in use and 64 for the JVM itself\\)"), cause);
    assertTrue(r.elapsed().compareTo(Duration.ofSeconds(10)) < 0, "ended at once: " + r);
    assertEquals(List.of(), fakeProcesses(), "no client left running");
  }

  private static List<ProcessHandle> fakeProcesses() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(p -> commandLine(p).contains("sleep 600") || commandLine(p).contains("fake-java")).toList();
  }

  private static void countIntervals(String line, CountDownLatch measuring) {
    try {
      if (FrameLine.parse(line).map(f -> f.type() == FrameType.INTERVAL && f.seq() == 1).orElse(false)) {
        measuring.countDown();
      }
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
