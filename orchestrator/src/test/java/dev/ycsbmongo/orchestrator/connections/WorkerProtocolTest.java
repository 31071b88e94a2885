package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The lines between coordinator and worker, sealed as exact strings, and a worker run end to end in-process. */
class WorkerProtocolTest {

  static final WorkerAssignment ASSIGNMENT = new WorkerAssignment(2, List.of(
      new Slot("localhost", 27017, "127.0.0.1", "127.0.0.3", 250),
      new Slot("db1", 27018, "10.0.0.6", null, 10)), 150.5, 10_000, 100, 500);

  @Test
  void assignmentLineIsSealed() {
    String line = WorkerProtocol.line(ASSIGNMENT);
    assertEquals("{\"worker\":2,\"slots\":[{\"host\":\"localhost\",\"port\":27017,\"address\":\"127.0.0.1\","
        + "\"sourceAddress\":\"127.0.0.3\",\"count\":250},{\"host\":\"db1\",\"port\":27018,\"address\":\"10.0.0.6\","
        + "\"count\":10}],\"ratePerSecond\":150.5,\"timeoutMillis\":10000,\"maxInFlight\":100,"
        + "\"progressIntervalMillis\":500}", line);
    assertEquals(ASSIGNMENT, WorkerProtocol.assignment(line));
  }

  @Test
  void workerLinesAreSealedAndReadBack() {
    TreeMap<String, Long> failures = new TreeMap<>(Map.of("refused", 3L, "timeout", 1L));
    Histogram h = new Histogram(20_000_000, 3);
    h.recordValue(1500);
    h.recordValue(2500);
    String hist = WorkerProtocol.encode(h);
    Instant t0 = Instant.parse("2026-11-23T01:02:03.456789Z");
    Instant t1 = Instant.parse("2026-11-23T01:02:05Z");
    List<WorkerProtocol.Message> messages = List.of(
        new WorkerProtocol.Ready(4242, 60_000_000L, 20_000),
        new WorkerProtocol.Progress(10, 4, failures),
        new WorkerProtocol.Opened(10, 4, failures, t0, t1, hist, 60_000_000L, 70_000_000L,
            new TreeMap<>(Map.of("127.0.0.1:27017", 6L, "127.0.0.1:27018", 4L))),
        new WorkerProtocol.Closed(10, 0, 90_000_000L),
        new WorkerProtocol.Failed("not an assignment"));
    List<String> lines = messages.stream().map(WorkerProtocol::line).toList();
    assertEquals(List.of(
        "{\"type\":\"ready\",\"pid\":4242,\"rssBytes\":60000000,\"maxOpenFiles\":20000}",
        "{\"type\":\"progress\",\"opened\":10,\"failed\":4,\"failures\":{\"refused\":3,\"timeout\":1}}",
        "{\"type\":\"opened\",\"opened\":10,\"failed\":4,\"failures\":{\"refused\":3,\"timeout\":1},"
            + "\"firstAttempt\":\"2026-11-23T01:02:03.456789Z\",\"lastOpen\":\"2026-11-23T01:02:05Z\","
            + "\"latencyHistogram\":\"" + hist + "\",\"rssBeforeBytes\":60000000,\"rssHeldBytes\":70000000,"
            + "\"openedByHost\":{\"127.0.0.1:27017\":6,\"127.0.0.1:27018\":4}}",
        "{\"type\":\"closed\",\"closed\":10,\"droppedWhileHeld\":0,\"peakRssBytes\":90000000}",
        "{\"type\":\"failed\",\"message\":\"not an assignment\"}"), lines);
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(messages.get(i), WorkerProtocol.message(lines.get(i)));
    }
  }

  @Test
  void histogramsSurviveTheLine() {
    Histogram h = new Histogram(20_000_000, 3);
    for (int i = 1; i <= 1000; i++) {
      h.recordValue(i * 100L);
    }
    Histogram back = WorkerProtocol.decode(WorkerProtocol.encode(h));
    assertEquals(h.getTotalCount(), back.getTotalCount());
    assertEquals(h.getValueAtPercentile(99), back.getValueAtPercentile(99));
  }

  @Test
  void aJvmWarningOnStdoutIsNotAMessage() {
    assertThrows(IllegalArgumentException.class,
        () -> WorkerProtocol.message("OpenJDK 64-Bit Server VM warning: Options -Xverify none are deprecated"));
  }

  @Test
  void closeIsRecognisedWithOrWithoutSpaces() {
    assertTrue(WorkerProtocol.isClose("{\"type\":\"close\"}"));
    assertTrue(WorkerProtocol.isClose("{\"type\": \"close\"}"));
  }

  @Test
  void anUnreadableAssignmentIsAFailedLineAndStatusTwo() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int status = ConnectionWorkerMain.run(new java.io.ByteArrayInputStream("{\"worker\":\n".getBytes()),
        new PrintStream(out, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertInstanceOf(WorkerProtocol.Failed.class, WorkerProtocol.message(out.toString(StandardCharsets.UTF_8).strip()));
  }

  @Test
  void aWorkerOpensReportsHoldsAndClosesOnCloseLine() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      WorkerAssignment a = new WorkerAssignment(1, List.of(new Slot("127.0.0.1", server.port(), "127.0.0.1", null,
          25)), 0, 10_000, 100, 100);
      PipedOutputStream toWorker = new PipedOutputStream();
      PipedInputStream workerIn = new PipedInputStream(toWorker);
      PipedInputStream fromWorker = new PipedInputStream(1 << 16);
      PrintStream workerOut = new PrintStream(new PipedOutputStream(fromWorker), true, StandardCharsets.UTF_8);
      int[] status = {-1};
      Thread worker = new Thread(() -> {
        status[0] = ConnectionWorkerMain.run(workerIn, workerOut);
        workerOut.close();
      });
      worker.start();
      Writer w = new OutputStreamWriter(toWorker, StandardCharsets.UTF_8);
      w.write(WorkerProtocol.line(a) + "\n");
      w.flush();
      List<WorkerProtocol.Message> got = new ArrayList<>();
      BufferedReader r = new BufferedReader(new InputStreamReader(fromWorker, StandardCharsets.UTF_8));
      String line;
      while ((line = r.readLine()) != null) {
        WorkerProtocol.Message m = WorkerProtocol.message(line);
        got.add(m);
        if (m instanceof WorkerProtocol.Opened) {
          w.write(WorkerProtocol.CLOSE + "\n");
          w.flush();
        }
      }
      worker.join(TimeUnit.SECONDS.toMillis(10));
      System.out.println("[test] against " + server);
      assertEquals(0, status[0]);
      assertInstanceOf(WorkerProtocol.Ready.class, got.get(0));
      WorkerProtocol.Opened opened = got.stream().filter(WorkerProtocol.Opened.class::isInstance)
          .map(WorkerProtocol.Opened.class::cast).findFirst().orElseThrow();
      assertEquals(25, opened.opened());
      assertEquals(0, opened.failed());
      assertEquals(25, WorkerProtocol.decode(opened.latencyHistogram()).getTotalCount());
      assertTrue(opened.rssHeldBytes() > 0 && opened.rssBeforeBytes() > 0);
      WorkerProtocol.Closed closed = assertInstanceOf(WorkerProtocol.Closed.class, got.get(got.size() - 1));
      assertEquals(25, closed.closed());
      assertTrue(closed.peakRssBytes() >= opened.rssHeldBytes(), "peak >= held");
    }
  }

  @Test
  void aWorkerWhoseStdinEndsClosesEverythingAndExits() throws Exception {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      WorkerAssignment a = new WorkerAssignment(1, List.of(new Slot("127.0.0.1", server.port(), "127.0.0.1", null,
          5)), 0, 10_000, 100, 100);
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      int status = ConnectionWorkerMain.run(new java.io.ByteArrayInputStream((WorkerProtocol.line(a) + "\n")
          .getBytes(StandardCharsets.UTF_8)), new PrintStream(out, true, StandardCharsets.UTF_8));
      assertEquals(0, status);
      String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
      assertInstanceOf(WorkerProtocol.Closed.class, WorkerProtocol.message(lines[lines.length - 1]));
    }
  }
}
