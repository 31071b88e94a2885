package dev.ycsbmongo.orchestrator.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The connection-stress record's JSON, sealed: field order, units in names, absent figures left out. */
class ConnectionStressResultTest {

  @Test
  void jsonIsSealed() {
    ConnectionStressResult r = ConnectionStressResult.builder().schemaVersion(1).requested(600).opened(598).failed(2)
        .failuresByCause(new TreeMap<>(Map.of("timeout", 1L, "refused", 1L))).seenByServer(606L)
        .seenByServerByHost(Map.of("127.0.0.1:27017", 606L))
        .seenByServerNote("serverStatus connections.current per host")
        .openSeconds(1.5).openLatencyP50Millis(2.0).openLatencyP99Millis(9.5).openLatencyMaxMillis(12.25)
        .holdStart(Instant.parse("2026-11-23T10:00:00Z")).holdEnd(Instant.parse("2026-11-23T10:00:20.5Z"))
        .holdSeconds(20.5).droppedWhileHeld(0L).workers(3).sourceAddresses(List.of("127.0.0.1", "127.0.0.2"))
        .targetHosts(List.of("127.0.0.1:27017")).clientRssBeforeBytes(180_000_000L).clientRssHeldBytes(190_000_000L)
        .clientPeakRssBytes(200_000_000L).clientBytesPerConnection(16_722L).limits("ulimit -n 20000").build();
    assertEquals("{\"schemaVersion\":1,\"requested\":600,\"opened\":598,\"failed\":2,"
        + "\"failuresByCause\":{\"refused\":1,\"timeout\":1},\"seenByServer\":606,"
        + "\"seenByServerByHost\":{\"127.0.0.1:27017\":606},\"seenByServerNote\":\"serverStatus connections.current per"
        + " host\",\"openSeconds\":1.5,\"openLatencyP50Millis\":2.0,\"openLatencyP99Millis\":9.5,"
        + "\"openLatencyMaxMillis\":12.25,\"holdStart\":\"2026-11-23T10:00:00Z\",\"holdEnd\":\"2026-11-23T10:00:20.500Z\","
        + "\"holdSeconds\":20.5,\"droppedWhileHeld\":0,\"workers\":3,\"sourceAddresses\":[\"127.0.0.1\",\"127.0.0.2\"],"
        + "\"targetHosts\":[\"127.0.0.1:27017\"],\"clientRssBeforeBytes\":180000000,\"clientRssHeldBytes\":190000000,"
        + "\"clientPeakRssBytes\":200000000,\"clientBytesPerConnection\":16722,\"limits\":\"ulimit -n 20000\","
        + "\"interrupted\":false}", r.toJson());
    assertFalse(r.allReached(), "two failed");
  }

  @Test
  void jsonOfACountPerServerIsSealedAndReadsBack() throws Exception {
    Map<String, Long> byHost = new java.util.LinkedHashMap<>();
    byHost.put("127.0.0.1:27017", 300L);
    byHost.put("127.0.0.1:27018", 298L);
    ConnectionStressResult r = ConnectionStressResult.builder().schemaVersion(1).requested(600).opened(598).failed(2)
        .failuresByCause(new TreeMap<>(Map.of("refused", 2L))).seenByServerNote("n").openSeconds(1.5)
        .openLatencyP50Millis(2.0).openLatencyP99Millis(9.5).openLatencyMaxMillis(12.25)
        .holdStart(Instant.parse("2026-11-23T10:00:00Z")).holdEnd(Instant.parse("2026-11-23T10:00:20Z"))
        .holdSeconds(20.0).droppedWhileHeld(0L).workers(1).targetHosts(List.of("127.0.0.1:27017", "127.0.0.1:27018"))
        .limits("l").countPerServer(300).to("each").openedByHost(byHost).build();
    String json = r.toJson();
    assertTrue(json.endsWith("\"limits\":\"l\",\"interrupted\":false,\"countPerServer\":300,\"to\":\"each\","
        + "\"openedByHost\":{\"127.0.0.1:27017\":300,\"127.0.0.1:27018\":298}}"), json);
    assertEquals(r, ResultsJson.MAPPER.readValue(json, ConnectionStressResult.class));
    assertEquals("300 to each of 2 servers", r.describeRequested());
  }

  @Test
  void absentFiguresAreLeftOutNeverZero() {
    ConnectionStressResult r = ConnectionStressResult.builder().schemaVersion(1).requested(5).opened(0).failed(5)
        .failuresByCause(new TreeMap<>(Map.of("refused", 5L)))
        .seenByServerNote("no server-side count: 127.0.0.1:1 did not answer within 5000 ms")
        .holdStart(Instant.parse("2026-11-23T10:00:00Z")).holdEnd(Instant.parse("2026-11-23T10:00:00Z"))
        .holdSeconds(0.0).droppedWhileHeld(0L).workers(1).targetHosts(List.of("127.0.0.1:1"))
        .clientRssBeforeBytes(60_000_000L).clientRssHeldBytes(61_000_000L).clientPeakRssBytes(61_000_000L)
        .limits("ulimit -n 20000").build();
    String json = r.toJson();
    for (String absent : List.of("seenByServer\"", "openSeconds", "openLatencyP50Millis", "clientBytesPerConnection")) {
      assertFalse(json.contains("\"" + absent), absent + " in " + json);
    }
    assertTrue(json.contains("\"seenByServerByHost\":{}"), json);
  }

  @Test
  void allReachedOnlyWhenEveryConnectionOpenedAndStayed() {
    ConnectionStressResult ok = ConnectionStressResult.builder().schemaVersion(1).requested(2).opened(2).failed(0)
        .seenByServerNote("n").openSeconds(1.0).openLatencyP50Millis(1.0).openLatencyP99Millis(1.0)
        .openLatencyMaxMillis(1.0).holdStart(Instant.EPOCH).holdEnd(Instant.EPOCH).holdSeconds(0.0)
        .droppedWhileHeld(0L).workers(1).targetHosts(List.of("h:1")).limits("l").build();
    assertTrue(ok.allReached());
    assertFalse(ok.toBuilder().droppedWhileHeld(1L).build().allReached(), "one dropped while held");
    assertFalse(ok.toBuilder().interrupted(true).build().allReached(), "interrupted");
  }

  @Test
  void whereOpeningStoppedIsSealedAndReadsBack() throws Exception {
    ConnectionStressResult r = ConnectionStressResult.builder().schemaVersion(1).requested(25_000).opened(19_909)
        .failed(5_091).failuresByCause(new TreeMap<>(Map.of("refused", 400L, "not attempted: stopped before", 4_691L)))
        .seenByServerNote("n").openSeconds(55.0).openLatencyP50Millis(2.0).openLatencyP99Millis(9.5)
        .openLatencyMaxMillis(12.25).holdStart(Instant.parse("2026-11-23T10:00:00Z"))
        .holdEnd(Instant.parse("2026-11-23T10:00:00Z")).holdSeconds(0.0).droppedWhileHeld(0L).workers(2)
        .targetHosts(List.of("127.0.0.1:27017")).limits("l").interrupted(true).countPerServer(25_000).to("each")
        .openedByHost(Map.of("127.0.0.1:27017", 19_909L))
        .opening(new ConnectionStressResult.Opening(19_909, 55.0, 41.2, "refused")).build();
    String json = r.toJson();
    assertTrue(json.endsWith(",\"opening\":{\"peakHeld\":19909,\"lastOpenSeconds\":55.0,\"failingFromSeconds\":41.2,"
        + "\"limitCause\":\"refused\"}}"), json);
    assertEquals(r, ResultsJson.MAPPER.readValue(json, ConnectionStressResult.class));
    assertEquals("held 19,909 of 25,000; opening failed from 41.2 s: refused; last connection opened at 55.0 s",
        r.opening().describe(r.requested()));
  }
}
