package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Frames written by a client and read back from noisy, damaged or cut streams. */
class FrameReaderTest {

  private static TestClient client() {
    return new TestClient(1, 2)
        .interval("READ", 1000, 2000, 100, 200, 300, 40_000)
        .interval("UPDATE", 1000, 2000, Map.of("ERROR", 2L), 500)
        .interval("READ", 2000, 3000, 150)
        .interval("UPDATE", 2000, 3000, 600, 700);
  }

  private static List<String> lines(String text) {
    return new ArrayList<>(List.of(text.split("\n")));
  }

  private static FrameException readFails(List<String> lines) {
    FrameException e = assertThrows(FrameException.class,
        () -> FrameReader.read(new StringReader(String.join("\n", lines) + "\n"), "pod-1.log"));
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    assertEquals(0, e.getStackTrace().length, "no stack trace to show");
    return e;
  }

  @Test
  void roundTripsAClientsOutput() throws Exception {
    ClientOutput read = client().viaFrames();
    ClientOutput built = client().output();
    assertEquals(built.hello(), read.hello());
    assertEquals(built.summary(), read.summary());
    assertEquals(built.intervals().size(), read.intervals().size());
    for (int i = 0; i < built.intervals().size(); i++) {
      OpInterval a = built.intervals().get(i);
      OpInterval b = read.intervals().get(i);
      assertEquals(a.operation(), b.operation());
      assertEquals(a.startMillis(), b.startMillis());
      assertEquals(a.endMillis(), b.endMillis());
      assertEquals(a.errorsByStatus(), b.errorsByStatus());
      assertEquals(a.histogram(), b.histogram(), "histogram of interval " + i);
    }
  }

  @Test
  void picksFramesOutOfInterleavedOutputWithPrefixes() throws Exception {
    List<String> noisy = new ArrayList<>();
    noisy.add("YCSB Client 0.17.0");
    for (String f : lines(client().frames())) {
      noisy.add("2026-11-24T19:00:00.000Z " + f);
      noisy.add("[OVERALL], RunTime(ms), 2000");
      noisy.add("");
    }
    List<ClientOutput> read = FrameReader.read(new StringReader(String.join("\n", noisy)), "pod-1.log");
    assertEquals(1, read.size());
    assertEquals(client().output().summary(), read.get(0).summary());
  }

  @Test
  void readsSeveralClientsInterleavedInOneStream() throws Exception {
    List<String> a = lines(new TestClient(0, 2).steady("READ", 0, 1000, 3, 5, 100).frames());
    List<String> b = lines(new TestClient(1, 2).steady("READ", 0, 1000, 3, 7, 200).frames());
    List<String> mixed = new ArrayList<>();
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      if (i < b.size()) {
        mixed.add(b.get(i));
      }
      if (i < a.size()) {
        mixed.add(a.get(i));
      }
    }
    List<ClientOutput> read = FrameReader.read(new StringReader(String.join("\n", mixed)), "both.log");
    assertEquals(List.of(0, 1), read.stream().map(ClientOutput::client).toList());
    assertEquals(15, read.get(0).summary().operations().get("READ").count());
    assertEquals(21, read.get(1).summary().operations().get("READ").count());
  }

  @Test
  void reportsATruncatedLastLine() {
    List<String> l = lines(client().frames());
    String last = l.remove(l.size() - 1);
    l.add(last.substring(0, last.length() / 2));
    FrameException e = readFails(l);
    assertTrue(e.getMessage().startsWith("pod-1.log line 6: damaged frame"), e.getMessage());
  }

  @Test
  void reportsAStreamCutAfterAnIntervalAsMissingItsSummary() {
    List<String> l = lines(client().frames());
    l.remove(l.size() - 1);
    assertEquals("pod-1.log: client 1 has no summary frame: its output ends after frame 4 (client killed or output"
        + " truncated)", readFails(l).getMessage());
  }

  @Test
  void reportsAMissingFrame() {
    List<String> l = lines(client().frames());
    l.remove(2);
    assertEquals("pod-1.log line 3: client 1 frame 3: frame 2 is missing before it (lost or damaged output)",
        readFails(l).getMessage());
  }

  @Test
  void reportsADuplicatedFrame() {
    List<String> l = lines(client().frames());
    l.add(3, l.get(2));
    assertEquals("pod-1.log line 4: client 1 frame 2: duplicated (frame 2 was already read on line 3)",
        readFails(l).getMessage());
  }

  @Test
  void reportsAMissingHello() {
    List<String> l = lines(client().frames());
    l.remove(0);
    assertEquals("pod-1.log line 1: client 1 frame 1: frame 0 is missing before it (lost or damaged output)",
        readFails(l).getMessage());
  }

  @Test
  void reportsAFrameAfterTheSummary() {
    List<String> l = lines(client().frames());
    l.add(FrameLine.encode(new Frame(1, 6, FrameType.INTERVAL, "{}")));
    assertEquals("pod-1.log line 7: client 1 frame 6: written after the client's summary, which must be last",
        readFails(l).getMessage());
  }

  @Test
  void reportsAStreamWithoutFrames() {
    assertEquals("pod-1.log: no frames in 2 lines (the client wrote none, or its output was lost)",
        readFails(List.of("Error: Could not find or load main class site.ycsb.Client", "exit 1")).getMessage());
  }

  @Test
  void reportsASummaryThatDisagreesWithTheIntervals() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    FrameWriter w = new FrameWriter(new PrintStream(bytes, true, StandardCharsets.UTF_8), 0);
    TestClient c = new TestClient(0, 1).interval("READ", 0, 1000, 10, 20);
    w.hello(c.hello());
    w.interval(c.output().intervals().get(0));
    w.summary(new ClientSummary(1000, Map.of("READ", new ClientSummary.OpTotals(3, Map.of()))));
    assertEquals("pod-1.log: client 0 summary says READ 3 ok, errors {} but its intervals hold 2 ok, errors {}",
        readFails(lines(bytes.toString(StandardCharsets.UTF_8))).getMessage());
  }

  @Test
  void reportsAPayloadMissingAField() {
    List<String> l = lines(client().frames());
    l.set(1, FrameLine.encode(new Frame(1, 1, FrameType.INTERVAL, "{\"op\":\"READ\",\"startMillis\":0}")));
    assertEquals("pod-1.log line 2: client 1 frame 1: interval payload: 'endMillis' missing or not an integer",
        readFails(l).getMessage());
  }

  @Test
  void reportsAHistogramOfAnotherPrecision() {
    org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(2);
    h.recordValue(5);
    java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    String hdr = java.util.Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
    List<String> l = lines(client().frames());
    l.set(1, FrameLine.encode(new Frame(1, 1, FrameType.INTERVAL,
        "{\"op\":\"READ\",\"startMillis\":0,\"endMillis\":1000,\"errors\":{},\"hdr\":\"" + hdr + "\"}")));
    assertEquals("pod-1.log line 2: client 1 frame 1: interval payload: READ histogram has 2 significant digits"
        + " (accepted: 3, as YCSB records)", readFails(l).getMessage());
  }

  @Test
  void reportsOverlappingIntervalsOfOneOperation() {
    TestClient c = new TestClient(0, 1).interval("READ", 0, 1000, 1).interval("READ", 500, 1500, 2);
    FrameException e = assertThrows(FrameException.class, c::viaFrames);
    assertEquals("client-0.log line 3: client 0 frame 2: READ interval starting at 500 overlaps the previous one,"
        + " which ended at 1000", e.getMessage());
  }

  @Test
  void reportsAClientThatStartedAgain() {
    List<String> l = lines(client().frames());
    List<String> again = new ArrayList<>(l.subList(0, 3));
    again.addAll(l);
    assertEquals("pod-1.log line 4: client 1 frame 0: a second hello: the client started again after 3 frames (a"
        + " restarted process or pod); its measurements cannot be joined", readFails(again).getMessage());
  }

  @Test
  void readsOneClientsStreamAndRejectsAnotherClientsFrames() throws Exception {
    FrameReader r = new FrameReader("pod-1.log");
    for (String line : lines(client().frames())) {
      r.accept(line);
    }
    assertEquals(1, r.finish(1).client());
    FrameException e = assertThrows(FrameException.class, () -> r.finish(0));
    assertEquals("pod-1.log: holds frames of client(s) 1, expected client 0 only", e.getMessage());
  }

  @Test
  void framesSurviveOtherThreadsWritingToTheSameStream() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    TestClient c = new TestClient(0, 1);
    for (int i = 0; i < 200; i++) {
      c.interval("READ", i * 1000L, (i + 1) * 1000L, 100 + i, 200 + i);
    }
    ClientOutput built = c.output();
    Thread noise = new Thread(() -> {
      for (int i = 0; i < 5000; i++) {
        out.print("status " + i + " ");  // unterminated: a frame may follow on the same line
        out.println("ops/sec");
      }
    });
    noise.start();
    FrameWriter w = new FrameWriter(out, 0);
    w.hello(c.hello());
    built.intervals().forEach(w::interval);
    w.summary(c.summary());
    noise.join();
    ClientOutput read = FrameReader.read(new StringReader(bytes.toString(StandardCharsets.UTF_8)), "stdout")
        .get(0);
    assertEquals(built.summary(), read.summary());
    assertEquals(200, read.intervals().size());
  }

  @Test
  void writerRefusesFramesOutOfOrder() {
    FrameWriter w = new FrameWriter(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), 0);
    TestClient c = new TestClient(0, 1);
    assertThrows(IllegalStateException.class, () -> w.summary(c.summary()));
    w.hello(c.hello());
    assertThrows(IllegalStateException.class, () -> w.hello(c.hello()));
    w.summary(c.summary());
    assertThrows(IllegalStateException.class, () -> w.summary(c.summary()));
  }

  /** The frames of {@link #client()} (with its CPU) whose summary payload is {@code payload}. */
  private static List<String> withSummary(String payload) {
    List<String> l = lines(client().cpu(18_360, 2).frames());
    int last = l.size() - 1;
    l.set(last, FrameLine.encode(new Frame(1, last, FrameType.SUMMARY, payload)));
    return l;
  }

  @Test
  void summaryPayloadIsSealedWithItsCpuAndWithout() {
    Map<String, ClientSummary.OpTotals> ops = Map.of("READ", new ClientSummary.OpTotals(4, Map.of()),
        "UPDATE", new ClientSummary.OpTotals(3, Map.of("ERROR", 2L)));
    assertEquals("{\"runtimeMillis\":60000,\"operations\":{\"READ\":{\"count\":4,\"errors\":{}},\"UPDATE\":"
        + "{\"count\":3,\"errors\":{\"ERROR\":2}}},\"cpuMillis\":18360,\"cores\":2}",
        new ClientSummary(60_000, ops, 18_360L, 2).toPayload());
    assertEquals("{\"runtimeMillis\":60000,\"operations\":{\"READ\":{\"count\":4,\"errors\":{}},\"UPDATE\":"
        + "{\"count\":3,\"errors\":{\"ERROR\":2}}}}", new ClientSummary(60_000, ops).toPayload(),
        "unknown CPU and cores are left out, as a client built before them wrote its summary");
  }

  @Test
  void roundTripsASummarysCpuAndCores() throws Exception {
    ClientSummary read = client().cpu(18_360, 2).viaFrames().summary();
    assertEquals(client().cpu(18_360, 2).output().summary(), read);
    assertEquals(18_360L, read.cpuMillis());
    assertEquals(2, read.cores());
  }

  @Test
  void readsASummaryWithoutCpuAsWrittenByAnOlderClient() throws Exception {
    ClientOutput read = FrameReader.read(new StringReader(String.join("\n", withSummary("{\"runtimeMillis\":2000,"
        + "\"operations\":{\"READ\":{\"count\":5,\"errors\":{}},\"UPDATE\":{\"count\":3,\"errors\":{\"ERROR\":2}}}}"))
        + "\n"), "pod-1.log").get(0);
    assertEquals(null, read.summary().cpuMillis());
    assertEquals(null, read.summary().cores());
    assertEquals(5, read.summary().operations().get("READ").count());
  }

  @Test
  void rejectsAMistypedCpuOrCoresField() {
    String ops = "\"runtimeMillis\":2000,\"operations\":{\"READ\":{\"count\":5,\"errors\":{}},"
        + "\"UPDATE\":{\"count\":3,\"errors\":{\"ERROR\":2}}}";
    assertEquals("pod-1.log line 6: client 1 frame 5: summary payload: 'cpuMillis' is \"18s\", not an integer >= 0"
        + " (left out when unknown)", readFails(withSummary("{" + ops + ",\"cpuMillis\":\"18s\"}")).getMessage());
    assertEquals("pod-1.log line 6: client 1 frame 5: summary payload: 'cpuMillis' is -1, not an integer >= 0"
        + " (left out when unknown)", readFails(withSummary("{" + ops + ",\"cpuMillis\":-1}")).getMessage());
    assertEquals("pod-1.log line 6: client 1 frame 5: summary payload: 'cpuMillis' is null, not an integer >= 0"
        + " (left out when unknown)", readFails(withSummary("{" + ops + ",\"cpuMillis\":null}")).getMessage());
    assertEquals("pod-1.log line 6: client 1 frame 5: summary payload: 'cores' is 0, not an integer >= 1"
        + " (left out when unknown)", readFails(withSummary("{" + ops + ",\"cores\":0}")).getMessage());
    assertEquals("pod-1.log line 6: client 1 frame 5: summary payload: 'cores' is 1.5, not an integer >= 1"
        + " (left out when unknown)", readFails(withSummary("{" + ops + ",\"cores\":1.5}")).getMessage());
  }
}
