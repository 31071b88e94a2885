package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.clients.ClientConnections;
import dev.ycsbmongo.orchestrator.clients.ConnectionsFixtures;
import dev.ycsbmongo.orchestrator.clients.ConnectionsOutput;
import dev.ycsbmongo.orchestrator.clients.MergeException;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** N connections clients' figures become one cell's: sums, the slowest open time, per server, exact percentiles. */
class ConnectionMergeTest {

  private static final Instant T = Instant.parse("2026-11-24T10:00:00Z");

  private static Map<String, Long> hosts(long a, long b) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("db1:27017", a);
    m.put("db2:27017", b);
    return m;
  }

  /** Client 0 holds 8 per server (one refused on db2), client 1 holds 7, client 2 holds 7: 22 per server. */
  private static List<ConnectionsOutput> three() {
    return List.of(
        ConnectionsFixtures.output(2, 3, ConnectionsFixtures.client(7, hosts(7, 7), 2.0, T.plusSeconds(3),
            ConnectionsFixtures.latencies(1000, 1000))),
        ConnectionsFixtures.output(0, 3, ConnectionsFixtures.client(8, hosts(8, 7), 4.5, T.plusSeconds(5),
            ConnectionsFixtures.latencies(2000, 2000, 2000))),
        ConnectionsFixtures.output(1, 3, ConnectionsFixtures.client(7, hosts(7, 7), 3.0, T.plusSeconds(4),
            ConnectionsFixtures.latencies(90_000))));
  }

  @Test
  void sumsRequestedReachedAndFailuresAndCountsPerServer() throws Exception {
    ConnectionStressResult m = ConnectionMerge.merge(three(), 3);
    assertEquals(44, m.requested());
    assertEquals(43, m.opened());
    assertEquals(1, m.failed());
    assertEquals(Map.of("refused", 1L), m.failuresByCause());
    assertEquals(hosts(22, 21), m.openedByHost());
    assertEquals(22, m.countPerServer(), "the cell's connections.count: the clients' shares summed");
    assertEquals("each", m.to());
    assertEquals(List.of("db1:27017", "db2:27017"), m.targetHosts());
    assertEquals(6, m.workers());
    assertEquals(3 * (100L << 20), m.clientRssBeforeBytes());
    assertEquals(2048L, m.clientBytesPerConnection());
    assertEquals(0L, m.droppedWhileHeld());
  }

  @Test
  void openTimeIsTheSlowestClientsAndHeldIsWhileAllHeld() throws Exception {
    ConnectionStressResult m = ConnectionMerge.merge(three(), 3);
    assertEquals(4.5, m.openSeconds());
    assertEquals(T.plusSeconds(5), m.holdStart(), "the last client to start holding");
    assertEquals(T.plusSeconds(23), m.holdEnd(), "the first client to stop holding");
    assertEquals(18.0, m.holdSeconds());
  }

  @Test
  void percentilesComeFromTheSummedHistogramsNeverFromAveraging() throws Exception {
    ConnectionStressResult m = ConnectionMerge.merge(three(), 3);
    Histogram all = ConnectionsFixtures.latencies(1000, 1000, 2000, 2000, 2000, 90_000);
    assertEquals(all.getValueAtPercentile(50) / 1000.0, m.openLatencyP50Millis());
    assertEquals(all.getValueAtPercentile(99) / 1000.0, m.openLatencyP99Millis());
    assertEquals(all.getMaxValue() / 1000.0, m.openLatencyMaxMillis());
    assertEquals(2.0, m.openLatencyP50Millis(), 0.01, "the median of all six, not the mean of three medians");
  }

  @Test
  void seenByServerIsTheLargestReadingPerHost() throws Exception {
    ConnectionStressResult m = ConnectionMerge.merge(three(), 3);
    assertEquals(Map.of("127.0.0.1:27017", 18L), m.seenByServerByHost(), "client 0 read 15 + 3 last");
    assertEquals(18L, m.seenByServer());
    assertTrue(m.seenByServerNote().startsWith("per host the largest of 3 clients' readings"), m.seenByServerNote());
  }

  @Test
  void keepsEachClientsOwnFigures() throws Exception {
    List<ConnectionsOutput> in = three();
    ConnectionMerge.merge(in, 3);
    assertEquals(hosts(8, 7), in.get(1).connections().result().openedByHost());
  }

  @Test
  void refusesAMissingRepeatedOrMiscountedClient() {
    List<ConnectionsOutput> in = three();
    assertEquals("client 1 of 3 reported nothing: the cell's connections are incomplete", assertThrows(
        MergeException.class, () -> ConnectionMerge.merge(List.of(in.get(0), in.get(1)), 3)).getMessage());
    assertEquals("client 2 reported twice (client-2.log and client-2.log)", assertThrows(MergeException.class,
        () -> ConnectionMerge.merge(List.of(in.get(0), in.get(0), in.get(1)), 3)).getMessage());
    ClientConnections c = in.get(0).connections();
    assertEquals("client 0 (host-0, pid 100) was told 2 clients, the cell has 3", assertThrows(MergeException.class,
        () -> ConnectionMerge.merge(List.of(ConnectionsFixtures.output(0, 2, c), in.get(1), in.get(2)), 3))
        .getMessage());
  }

  @Test
  void whereOpeningStoppedMergesAsTheEarliestFailureAndTheLatestOpen() throws Exception {
    List<ConnectionsOutput> outs = new java.util.ArrayList<>(three());
    ClientConnections c = outs.get(1).connections();
    ConnectionStressResult r = c.result();
    ConnectionStressResult partial = r.toBuilder().opening(new ConnectionStressResult.Opening(15, 4.5, 4.0, "refused"))
        .build();
    outs.set(1, ConnectionsFixtures.output(0, 3, new ClientConnections(partial, c.openLatency())));
    ConnectionStressResult m = ConnectionMerge.merge(outs, 3);
    // the other two clients reached their share: what they held is what they opened
    assertEquals(new ConnectionStressResult.Opening(15 + 14 + 14, 4.5, 4.0, "refused"), m.opening());
    assertEquals(null, ConnectionMerge.merge(three(), 3).opening(), "none when every client reached its count");
  }
}
