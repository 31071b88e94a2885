package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.ClientIndex;
import dev.ycsbmongo.orchestrator.clients.ConnectionsOutput;
import dev.ycsbmongo.orchestrator.clients.FrameReader;
import dev.ycsbmongo.orchestrator.clients.StartBarrier;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import dev.ycsbmongo.orchestrator.plan.ConnectionKeys;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two connections clients in this JVM (each with its own worker JVMs) against two embedded servers,
 * started together through their standard input: both say hello, hold their shares, and their
 * frames merge into the cell's figures; bad arguments are one line and exit status 2.
 */
class ConnectionClientTest {

  private static final String PASSWORD = "Pw-Secret-4417";

  /** One client on its own thread, its stdin a pipe the test writes the start line to. */
  private static final class Running {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    final PipedOutputStream stdin = new PipedOutputStream();
    final Thread thread;
    volatile int exit = -1;

    Running(String[] args, Map<String, String> env) throws IOException {
      PipedInputStream in = new PipedInputStream(stdin);
      thread = new Thread(() -> exit = ConnectionClient.run(args, env, in,
          new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)),
          "connections-client-test");
      thread.start();
    }

    String out() {
      return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
      return err.toString(StandardCharsets.UTF_8);
    }
  }

  /** What a client wrote and returned when run to its end. */
  private record Ran(int exit, String out, String err) {
  }

  private static Ran run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = ConnectionClient.run(args, env, new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Ran(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static void awaitHello(Running r) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!r.out().contains(" hello ") && r.thread.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(r.out().contains(" hello "), "no hello: " + r.err());
  }

  @Test
  void twoClientsStartTogetherHoldTheirSharesAndMergeToTheCell(@TempDir Path dir) throws Exception {
    try (EmbeddedMongoServer a = EmbeddedMongoServer.start(0); EmbeddedMongoServer b = EmbeddedMongoServer.start(0)) {
      String hostA = "127.0.0.1:" + a.port();
      String hostB = "127.0.0.1:" + b.port();
      String uri = "mongodb://bench:" + PASSWORD + "@" + hostA + "," + hostB + "/";
      Path props = dir.resolve("connection.properties");
      Files.writeString(props, "mongodb.url=" + uri.replace(":", "\\:") + "\n");
      // client 0: index and URI from its arguments and -P file; client 1: from the environment, as in a pod
      Running c0 = new Running(new String[] {"-P", props.toString(), "-p", "connections.count=15", "-p",
          "connections.hold=0", "-p", "client.index=0", "-p", "client.count=2", "-p", "client.start=stdin"}, Map.of());
      Running c1 = new Running(new String[] {"-p", "connections.count=15", "-p", "connections.hold=0", "-p",
          "client.start=stdin"}, Map.of(ClientIndex.INDEX_ENV, "1", ClientIndex.COUNT_ENV, "2",
          ConnectionClient.URI_ENV, uri));
      awaitHello(c0);
      awaitHello(c1);
      assertFalse(c0.out().contains(" connections "), "nothing measured before the start line");
      String start = StartBarrier.startLine(Instant.now().plusMillis(200)) + "\n";
      for (Running r : List.of(c0, c1)) {
        r.stdin.write(start.getBytes(StandardCharsets.UTF_8));
        r.stdin.flush();
      }
      c0.thread.join(Duration.ofSeconds(120).toMillis());
      c1.thread.join(Duration.ofSeconds(120).toMillis());
      assertEquals(0, c0.exit, c0.err());
      assertEquals(0, c1.exit, c1.err());

      List<ConnectionsOutput> outs = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Running r = i == 0 ? c0 : c1;
        assertEquals(2, r.out().lines().count(), "stdout holds the frames only: " + r.out());
        assertFalse(r.out().contains(PASSWORD) || r.err().contains(PASSWORD), "password in a client's output");
      }
      for (int i = 0; i < 2; i++) {
        FrameReader reader = new FrameReader("client-" + i);
        for (String line : (i == 0 ? c0 : c1).out().split("\n")) {
          reader.accept(line);
        }
        outs.add(reader.finishConnections(i));
      }
      ConnectionStressResult own0 = outs.get(0).connections().result();
      ConnectionStressResult own1 = outs.get(1).connections().result();
      assertEquals(8, own0.countPerServer(), "client 0 takes one of the remainder");
      assertEquals(7, own1.countPerServer());
      assertEquals(Map.of(hostA, 8L, hostB, 8L), own0.openedByHost());
      assertEquals(Map.of(hostA, 7L, hostB, 7L), own1.openedByHost());
      assertEquals(List.of("127.0.0.1"), own0.sourceAddresses(), "each client on this machine its own ports");
      assertEquals(List.of("127.0.0.2"), own1.sourceAddresses());

      ConnectionStressResult cell = ConnectionMerge.merge(outs, 2);
      assertEquals(30, cell.requested());
      assertEquals(30, cell.opened(), "reached = requested");
      assertEquals(0, cell.failed());
      assertEquals(15, cell.countPerServer());
      Map<String, Long> perServer = new LinkedHashMap<>();
      perServer.put(hostA, 15L);
      perServer.put(hostB, 15L);
      assertEquals(perServer, cell.openedByHost());
      assertTrue(cell.allReached(), cell.toString());
      assertTrue(c0.err().contains("connections client 0 of 2: reached 16 of 16"), c0.err());
    }
  }

  @Test
  void splitsTheCountAndTheRateLikeAnyClientCount() {
    ConnectionKeys.Settings cell = new ConnectionKeys.Settings(10, 100, Duration.ofSeconds(20),
        Duration.ofSeconds(10));
    int sum = 0;
    double rate = 0;
    for (int i = 0; i < 3; i++) {
      ConnectionKeys.Settings s = ConnectionClient.Setup.share(cell, new ClientIndex(i, 3));
      assertEquals(i == 0 ? 4 : 3, s.count());
      sum += s.count();
      rate += s.ratePerSecond();
    }
    assertEquals(10, sum);
    assertEquals(100, rate, 1e-9);
  }

  @Test
  void clientsOnOneMachineBindDisjointLoopbackAddressesOthersKeepAuto() {
    List<TargetHost> loopback = List.of(new TargetHost("127.0.0.1", 27017, "127.0.0.1"),
        new TargetHost("127.0.0.1", 27018, "127.0.0.1"));
    ConnectionKeys.Settings cell = new ConnectionKeys.Settings(45_000, 0, Duration.ZERO, Duration.ofSeconds(10));
    PortRange range = new PortRange(32768, 60999);
    // the largest share, 15,000 to each of 2 servers, needs 2 addresses of 27,732 usable ports each
    assertEquals(List.of("127.0.0.1", "127.0.0.2"), ConnectionClient.sourceAddresses(loopback, cell,
        new ClientIndex(0, 3), range).addresses());
    assertEquals(List.of("127.0.0.5", "127.0.0.6"), ConnectionClient.sourceAddresses(loopback, cell,
        new ClientIndex(2, 3), range).addresses());
    assertEquals(SourceAddresses.auto(), ConnectionClient.sourceAddresses(loopback, cell, new ClientIndex(0, 1),
        range), "one client: the command's own choice");
    assertEquals(SourceAddresses.auto(), ConnectionClient.sourceAddresses(List.of(new TargetHost("db1", 27017,
        "10.0.0.5")), cell, new ClientIndex(1, 3), range), "a remote target: each client on its own machine");
  }

  private static void assertOneLineExit2(Ran r, String expected) {
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.out(), "no frame on bad input");
    assertEquals(expected + System.lineSeparator(), r.err());
  }

  @Test
  void badArgumentsAreOneLineWithExitStatus2() {
    Map<String, String> pod = Map.of(ClientIndex.INDEX_ENV, "0", ClientIndex.COUNT_ENV, "2", ConnectionClient.URI_ENV,
        "mongodb://127.0.0.1:1/");
    assertOneLineExit2(run(Map.of(), "-p", "connections.count=10"), "connections client: client.count is not set"
        + " (neither -p client.count nor YCSB_CLIENT_COUNT); accepted: a whole number from 1 to 100000");
    assertOneLineExit2(run(pod, "-p", "connections.count=ten"), "connections client: connections.count: 'ten' is not a"
        + " connection count; expected a whole number >= 1");
    assertOneLineExit2(run(pod), "connections client: connections.count is not set");
    assertOneLineExit2(run(pod, "-p", "connections.count=1"), "connections client: connections.count 1 over 2"
        + " clients leaves a client none; accepted: connections.count >= client.count");
    assertOneLineExit2(run(pod, "-p", "connections.count=10", "-p", "threads=4"), "connections client: threads is not"
        + " a setting of a connections client; accepted: connections.count, connections.rate, connections.hold,"
        + " connections.timeout, connections.to, client.index, client.count, client.start (and mongodb.url in a -P"
        + " file)");
    assertOneLineExit2(run(pod, "-p", "connections.count=10", "-p", "client.start=soon"), "connections client: -p"
        + " client.start: 'soon' is not accepted; accepted: stdin, or an instant in ms since the epoch");
    assertOneLineExit2(run(pod, "-P", "/nonexistent/c.properties"), "connections client: -P"
        + " /nonexistent/c.properties: no such file");
    assertOneLineExit2(run(Map.of(ClientIndex.INDEX_ENV, "0", ClientIndex.COUNT_ENV, "1"), "-p",
        "connections.count=10"), "connections client: no connection string: give mongodb.url in a -P file or set"
        + " environment variable MONGODB_URI (never on the command line)");
    assertOneLineExit2(run(pod, "-p", "connections.count=10", "-p"), "connections client: -p needs a value; accepted:"
        + " -p KEY=VALUE, -P FILE");
  }

  @Test
  void neverTakesTheUriFromTheArgumentListNorRepeatsItsPassword() {
    Map<String, String> pod = Map.of(ClientIndex.INDEX_ENV, "0", ClientIndex.COUNT_ENV, "1");
    Ran asProperty = run(pod, "-p", "connections.count=10", "-p", "mongodb.url=mongodb://u:" + PASSWORD + "@h:1/");
    assertOneLineExit2(asProperty, "connections client: -p mongodb.url is not accepted: the argument list is visible"
        + " to every user (ps); give it in a -P file or in environment variable MONGODB_URI");
    Ran bare = run(pod, "-p", "connections.count=10", "mongodb://u:" + PASSWORD + "@h:1/");
    assertEquals(2, bare.exit());
    assertFalse(bare.err().contains(PASSWORD), bare.err());
    Ran refused = run(Map.of(ClientIndex.INDEX_ENV, "0", ClientIndex.COUNT_ENV, "1", ConnectionClient.URI_ENV,
        "mongodb+srv://u:" + PASSWORD + "@cluster.example.net/"), "-p", "connections.count=10");
    assertEquals(2, refused.exit(), refused.err());
    assertEquals("", refused.out(), "refused before its hello");
    assertTrue(refused.err().startsWith("connections client 0 of 1: connection stress needs the hosts listed:"),
        refused.err());
    assertFalse(refused.err().contains(PASSWORD), refused.err());
  }
}
