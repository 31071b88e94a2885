package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The selector engine of one worker against in-JVM servers that answer, refuse, stall or misbehave. */
class ConnectionOpenerTest {

  record Outcome(ConnectionOpener.OpenSummary opened, ConnectionOpener.CloseSummary closed, long openMillis) {
    Map<String, Long> failures() {
      return opened.counts().failures();
    }
  }

  static WorkerAssignment assignment(int port, int count, double rate, long timeoutMillis, int maxInFlight) {
    return new WorkerAssignment(1, List.of(new Slot("127.0.0.1", port, "127.0.0.1", null, count)), rate, timeoutMillis,
        maxInFlight, 100);
  }

  /** Runs the opener; {@code whileHeld} runs on the selector thread once every attempt has ended, then it closes. */
  static Outcome run(WorkerAssignment a, Consumer<ConnectionOpener.OpenSummary> whileHeld, long holdMillis)
      throws Exception {
    ConnectionOpener opener = new ConnectionOpener(a);
    AtomicReference<ConnectionOpener.OpenSummary> opened = new AtomicReference<>();
    long start = System.nanoTime();
    long[] openMillis = new long[1];
    ConnectionOpener.CloseSummary closed = opener.run(new ConnectionOpener.Events() {
      @Override
      public void progress(ConnectionOpener.Counts counts) {
      }

      @Override
      public void opened(ConnectionOpener.OpenSummary summary) {
        openMillis[0] = (System.nanoTime() - start) / 1_000_000;
        opened.set(summary);
        whileHeld.accept(summary);
        Thread closer = new Thread(() -> {
          try {
            Thread.sleep(holdMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          opener.requestClose();
        });
        closer.start();
      }
    });
    return new Outcome(opened.get(), closed, openMillis[0]);
  }

  /** Established sockets on this machine whose local port is {@code port}: the server's ends of its connections. */
  static int serverSideEstablished(int port) throws IOException {
    String local = String.format(Locale.ROOT, ":%04X", port);
    int n = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path p = Path.of(table);
      if (!Files.isReadable(p)) {
        continue;
      }
      for (String line : Files.readAllLines(p)) {
        String[] c = line.trim().split("\\s+");
        if (c.length > 3 && c[1].endsWith(local) && c[3].equals("01")) {
          n++;
        }
      }
    }
    return n;
  }

  @Test
  void opensHoldsAndClosesAgainstTheEmbeddedServerFromTwoSourceAddresses() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      WorkerAssignment a = new WorkerAssignment(1, List.of(
          new Slot("127.0.0.1", server.port(), "127.0.0.1", "127.0.0.1", 20),
          new Slot("127.0.0.1", server.port(), "127.0.0.1", "127.0.0.2", 20)), 0, 10_000, 10, 100);
      int[] seenWhileHeld = new int[1];
      Outcome o = run(a, s -> {
        try {
          seenWhileHeld[0] = serverSideEstablished(server.port());
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }, 200);
      System.out.println("[test] against " + server);
      assertEquals(new ConnectionOpener.Counts(40, 0, new java.util.TreeMap<>()), o.opened().counts());
      assertEquals(40, o.opened().latencyMicros().getTotalCount());
      assertNotNull(o.opened().firstAttempt());
      assertTrue(!o.opened().lastOpen().isBefore(o.opened().firstAttempt()));
      assertTrue(seenWhileHeld[0] >= 40, "server-side established sockets while held: " + seenWhileHeld[0]);
      assertEquals(new ConnectionOpener.CloseSummary(40, 0), o.closed());
    }
  }

  @Test
  void aPortWithoutAServerIsRefused() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Outcome o = run(assignment(port, 5, 0, 2000, 10), s -> { }, 0);
    assertEquals(Map.of("refused", 5L), o.failures());
    assertEquals(0, o.opened().counts().opened());
    assertNull(o.opened().lastOpen(), "nothing opened: no open time");
    assertEquals(new ConnectionOpener.CloseSummary(0, 0), o.closed());
  }

  @Test
  void aServerThatNeverAnswersTimesOutAndTheInFlightBoundMakesThemWaitInTurn() throws Exception {
    try (FakeServer server = FakeServer.neverAnswering()) {
      Outcome o = run(assignment(server.port(), 6, 0, 300, 3), s -> { }, 0);
      assertEquals(Map.of("timeout", 6L), o.failures());
      assertTrue(o.openMillis() >= 600, "3 in flight at a time, 300 ms each: two waves, took " + o.openMillis() + " ms");
    }
  }

  @Test
  void aServerThatClosesBeforeAnsweringLooksLikeItsConnectionLimit() throws Exception {
    try (FakeServer server = FakeServer.closingAtOnce()) {
      Outcome o = run(assignment(server.port(), 4, 0, 2000, 10), s -> { }, 0);
      assertEquals(Map.of("closed by server before answering (connection limit reached?)", 4L), o.failures());
    }
  }

  @Test
  void anErrorReplyIsCountedWithTheServersMessage() throws Exception {
    try (FakeServer server = FakeServer.answering(id -> FakeServer.opMsg(id, "{ok: 0, errmsg: 'too many'}"))) {
      Outcome o = run(assignment(server.port(), 3, 0, 2000, 10), s -> { }, 0);
      assertEquals(Map.of("error reply: too many", 3L), o.failures());
    }
  }

  @Test
  void aPeerThatIsNotMongoDbIsOther() throws Exception {
    try (FakeServer server = FakeServer.answering(id -> "HTTP/1.1 400 Bad Request\r\n\r\n".getBytes())) {
      Outcome o = run(assignment(server.port(), 2, 0, 2000, 10), s -> { }, 0);
      assertEquals(Map.of("other: not a MongoDB reply (message length 1347703880)", 2L), o.failures());
    }
  }

  @Test
  void aReplyToAnotherRequestIsOther() throws Exception {
    try (FakeServer server = FakeServer.answering(id -> FakeServer.opMsg(id + 1000, "{ok: 1}"))) {
      Outcome o = run(assignment(server.port(), 1, 0, 2000, 10), s -> { }, 0);
      assertEquals(Map.of("other: reply to request 1001, expected 1", 1L), o.failures());
    }
  }

  @Test
  void connectionsTheServerDropsDuringTheHoldAreCounted() throws Exception {
    try (FakeServer server = FakeServer.answering(id -> FakeServer.opMsg(id, "{ok: 1}"))) {
      // the drops are counted when the selector reads their end of stream: a hold of 3 s leaves room for a
      // busy CI machine
      Outcome o = run(assignment(server.port(), 5, 0, 2000, 10), s -> server.dropAll(), 3000);
      assertEquals(5, o.opened().counts().opened());
      assertEquals(new ConnectionOpener.CloseSummary(0, 5), o.closed());
    }
  }

  @Test
  void theRampRateSpacesTheAttempts() throws Exception {
    try (FakeServer server = FakeServer.answering(id -> FakeServer.opMsg(id, "{ok: 1}"))) {
      Outcome o = run(assignment(server.port(), 20, 40, 2000, 100), s -> { }, 0);
      assertEquals(20, o.opened().counts().opened());
      assertTrue(o.openMillis() >= 450, "20 at 40/s start over at least 475 ms, took " + o.openMillis() + " ms");
    }
  }
}
