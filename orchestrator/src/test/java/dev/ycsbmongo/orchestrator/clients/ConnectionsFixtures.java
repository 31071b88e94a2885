package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A connections client's frame figures whose percentiles are those of its histogram, as a real run's are. */
public final class ConnectionsFixtures {

  private ConnectionsFixtures() {
  }

  /** Open latencies in µs, at the precision the workers record. */
  public static Histogram latencies(long... micros) {
    Histogram h = new Histogram(3);
    for (long m : micros) {
      h.recordValue(m);
    }
    return h;
  }

  /**
   * Client figures: {@code perServer} asked of each host, {@code openedByHost} reached, failures
   * "refused", open time {@code openSeconds}, held from {@code holdStart} for 20 s.
   */
  public static ClientConnections client(int perServer, Map<String, Long> openedByHost, double openSeconds,
      Instant holdStart, Histogram latency) {
    ConnectionStressResult c = ResultFixtures.connections(perServer, "each", openedByHost);
    boolean any = latency != null && latency.getTotalCount() > 0;
    ConnectionStressResult r = c.toBuilder().openSeconds(openSeconds)
        .openLatencyP50Millis(any ? latency.getValueAtPercentile(50) / 1000.0 : null)
        .openLatencyP99Millis(any ? latency.getValueAtPercentile(99) / 1000.0 : null)
        .openLatencyMaxMillis(any ? latency.getMaxValue() / 1000.0 : null).holdStart(holdStart)
        .holdEnd(holdStart.plusSeconds(20)).holdSeconds(20.0).opening(null).build();
    return new ClientConnections(r, latency);
  }

  /** Client {@code index} of {@code clients}, as a reader returns it. */
  public static ConnectionsOutput output(int index, int clients, ClientConnections c) {
    return new ConnectionsOutput("client-" + index + ".log", new ClientHello(index, clients, "host-" + index, 100 + index,
        Instant.parse("2026-11-24T10:00:00Z")), c);
  }
}
