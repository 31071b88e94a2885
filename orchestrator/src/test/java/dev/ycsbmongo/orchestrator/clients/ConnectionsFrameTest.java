package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A connections client's frames: hello, then one connections frame, read back strictly. */
class ConnectionsFrameTest {

  private static final Instant HOLD = Instant.parse("2026-11-24T10:00:05.123456789Z");

  private static ClientConnections figures() {
    Map<String, Long> byHost = new LinkedHashMap<>();
    byHost.put("10.0.0.2:27017", 800L);
    byHost.put("10.0.0.1:27017", 790L);
    return ConnectionsFixtures.client(800, byHost, 3.25, HOLD, ConnectionsFixtures.latencies(900, 1200, 1500, 40_000));
  }

  private static ClientHello hello() {
    return new ClientHello(1, 2, "pod-1", 7, Instant.parse("2026-11-24T10:00:00Z"));
  }

  private static List<String> lines(ClientConnections c) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    FrameWriter w = new FrameWriter(new PrintStream(bytes, true, StandardCharsets.UTF_8), 1);
    w.hello(hello());
    w.connections(c);
    return new ArrayList<>(List.of(bytes.toString(StandardCharsets.UTF_8).split("\n")));
  }

  /** The frames with the connections payload edited as JSON. */
  private static List<String> withPayload(Consumer<ObjectNode> edit) throws Exception {
    ObjectNode o = (ObjectNode) Payloads.JSON.readTree(figures().toPayload());
    edit.accept(o);
    List<String> l = lines(figures());
    l.set(1, FrameLine.encode(new Frame(1, 1, FrameType.CONNECTIONS, Payloads.text(o))));
    return l;
  }

  private static FrameException fails(List<String> lines, boolean connections) {
    FrameException e = assertThrows(FrameException.class, () -> {
      FrameReader r = new FrameReader("pod-1.log");
      for (String l : lines) {
        r.accept(l);
      }
      if (connections) {
        r.finishConnections();
      } else {
        r.finish();
      }
    });
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    return e;
  }

  @Test
  void roundTripsAConnectionsClientsFiguresAndHistogram() throws Exception {
    FrameReader r = new FrameReader("pod-1.log");
    r.accept("a line of other output");
    for (String l : lines(figures())) {
      r.accept(l);
    }
    ConnectionsOutput read = r.finishConnections(1);
    assertEquals(hello(), read.hello());
    assertEquals(figures().result(), read.connections().result());
    assertEquals(figures().openLatency(), read.connections().openLatency());
    assertEquals(List.of("10.0.0.2:27017", "10.0.0.1:27017"), List.copyOf(read.connections().result().openedByHost()
        .keySet()), "per-server figures keep the hosts' order");
  }

  @Test
  void payloadIsSealed() {
    assertEquals("{\"requested\":1600,\"opened\":1590,\"failed\":10,\"failuresByCause\":{\"refused\":10},"
        + "\"openedByHost\":{\"10.0.0.2:27017\":800,\"10.0.0.1:27017\":790},\"countPerServer\":800,\"to\":\"each\","
        + "\"targetHosts\":[\"10.0.0.2:27017\",\"10.0.0.1:27017\"],\"openSeconds\":3.25,\"openLatencyHdr\":\"HDR\","
        + "\"holdStart\":\"2026-11-24T10:00:05.123456789Z\",\"holdEnd\":\"2026-11-24T10:00:25.123456789Z\","
        + "\"droppedWhileHeld\":0,\"seenByServer\":1593,\"seenByServerByHost\":{\"127.0.0.1:27017\":1593},"
        + "\"seenByServerNote\":\"includes this tool's own 3 connections\",\"workers\":2,"
        + "\"sourceAddresses\":[\"127.0.0.1\",\"127.0.0.2\"],\"clientRssBeforeBytes\":104857600,"
        + "\"clientRssHeldBytes\":108113920,\"clientPeakRssBytes\":118599680,\"clientBytesPerConnection\":2048,"
        + "\"limits\":\"ulimit -n 20000\",\"interrupted\":false}",
        figures().toPayload().replaceAll("\"openLatencyHdr\":\"[^\"]+\"", "\"openLatencyHdr\":\"HDR\""));
  }

  @Test
  void aMissingFieldIsNamedNotReadAsZero() throws Exception {
    assertEquals("pod-1.log line 2: client 1 frame 1: connections payload: 'openSeconds' missing or not a number >= 0"
        + " or null", fails(withPayload(o -> o.remove("openSeconds")), true).getMessage());
    assertEquals("pod-1.log line 2: client 1 frame 1: connections payload: 'clientPeakRssBytes' missing or not an"
        + " integer", fails(withPayload(o -> o.remove("clientPeakRssBytes")), true).getMessage());
  }

  @Test
  void figuresThatDoNotAddUpAreRefused() throws Exception {
    assertEquals("pod-1.log line 2: client 1 frame 1: connections payload: failures by cause add up to 9, not to"
        + " failed 10", fails(withPayload(o -> o.putObject("failuresByCause").put("refused", 9)), true).getMessage());
    assertEquals("pod-1.log line 2: client 1 frame 1: connections payload: opened per server adds up to 1591, not to"
        + " opened 1590", fails(withPayload(o -> ((ObjectNode) o.get("openedByHost")).put("10.0.0.1:27017", 791)), true)
        .getMessage());
    assertEquals("pod-1.log line 2: client 1 frame 1: connections payload: 'openLatencyHdr' is not a compressed HDR"
        + " histogram", fails(withPayload(o -> o.put("openLatencyHdr", "bm9wZQ==")), true).getMessage());
  }

  @Test
  void eachFinishRefusesTheOtherKindOfClient() {
    assertEquals("pod-1.log: client 1 is a connections client (it ended with a connections frame), expected a YCSB"
        + " client's summary", fails(lines(figures()), false).getMessage());
    List<String> ycsb = List.of(new TestClient(1, 2).interval("READ", 1000, 2000, 100).frames().split("\n"));
    assertEquals("pod-1.log: client 1 is a YCSB client (it ended with a summary frame), expected a connections"
        + " client's connections frame", fails(ycsb, true).getMessage());
  }

  @Test
  void aClientCutAfterItsHelloHasNoConnectionsFrame() {
    assertEquals("pod-1.log: client 1 has no connections frame: its output ends after frame 0 (client killed or"
        + " output truncated)", fails(lines(figures()).subList(0, 1), true).getMessage());
  }

  @Test
  void aConnectionsFrameAfterIntervalsOrAnyFrameAfterItIsRefused() {
    List<String> l = lines(figures());
    l.add(1, FrameLine.encode(new Frame(1, 1, FrameType.INTERVAL, new OpInterval("READ", 1000, 2000,
        ConnectionsFixtures.latencies(5), Map.of()).toPayload())));
    l.set(2, FrameLine.encode(new Frame(1, 2, FrameType.CONNECTIONS, figures().toPayload())));
    assertEquals("pod-1.log line 3: client 1 frame 2: a connections frame after 1 interval frames: a client writes"
        + " either intervals and a summary (YCSB) or one connections frame (connection stress)",
        fails(l, true).getMessage());
    List<String> after = lines(figures());
    after.add(FrameLine.encode(new Frame(1, 2, FrameType.CONNECTIONS, figures().toPayload())));
    assertEquals("pod-1.log line 3: client 1 frame 2: written after the client's connections frame, which must be"
        + " last", fails(after, true).getMessage());
  }

  @Test
  void theWriterWritesTheConnectionsFrameRightAfterTheHelloOnly() {
    FrameWriter w = new FrameWriter(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), 1);
    assertThrows(IllegalStateException.class, () -> w.connections(figures()));
    w.hello(hello());
    w.interval(new OpInterval("READ", 1000, 2000, ConnectionsFixtures.latencies(5), Map.of()));
    assertThrows(IllegalStateException.class, () -> w.connections(figures()));
  }

  @Test
  void whereOpeningStoppedTravelsWhenThereIsOne() throws Exception {
    ConnectionStressResult f = figures().result();
    ConnectionStressResult partial = f.toBuilder()
        .opening(new ConnectionStressResult.Opening(1590, 3.25, 3.0, "refused")).build();
    ClientConnections c = new ClientConnections(partial, figures().openLatency());
    String payload = c.toPayload();
    assertTrue(payload.endsWith(",\"opening\":{\"peakHeld\":1590,\"lastOpenSeconds\":3.25,\"failingFromSeconds\":3.0,"
        + "\"limitCause\":\"refused\"}}"), payload);
    assertEquals(partial.opening(), ClientConnections.fromPayload(payload).result().opening());
    assertEquals(null, ClientConnections.fromPayload(figures().toPayload()).result().opening(), "left out when none");
  }
}
