package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The connection-stress columns of {@code summary.csv}: empty fields for every other phase.
 * connections_requested is the total (connections_per_server x servers); connections_to says
 * which servers (each: every host of the URI; primary: the primary alone). Opening latencies in microseconds,
 * as every latency of the file.
 */
final class ConnectionCsvColumns {

  static final List<String> HEAD = List.of("connections_requested", "connections_to", "connections_per_server",
      "connections_reached", "connections_reached_by_server", "connections_failed",
      "connections_failures_by_cause", "connections_seen_by_server", "connections_open_s", "connections_open_p50_us",
      "connections_open_p99_us", "connections_open_max_us", "connections_workers", "connections_source_addresses",
      "client_rss_before_bytes", "client_rss_held_bytes", "client_peak_rss_bytes", "client_bytes_per_connection");

  private ConnectionCsvColumns() {
  }

  static List<String> values(ConnectionStressResult c) {
    if (c == null) {
      return HEAD.stream().map(h -> "").toList();
    }
    return List.of(Long.toString(c.requested()), c.to() == null ? "" : c.to(),
        c.countPerServer() == null ? "" : Integer.toString(c.countPerServer()), Long.toString(c.opened()),
        c.openedByHost().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(";")), Long.toString(c.failed()),
        c.failuresByCause().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(";")),
        c.seenByServer() == null ? "" : Long.toString(c.seenByServer()), SummaryCsv.num(c.openSeconds()),
        micros(c.openLatencyP50Millis()), micros(c.openLatencyP99Millis()), micros(c.openLatencyMaxMillis()), Integer.toString(c.workers()),
        Integer.toString(c.sourceAddresses().size()), whole(c.clientRssBeforeBytes()), whole(c.clientRssHeldBytes()),
        whole(c.clientPeakRssBytes()), c.clientBytesPerConnection() == null ? ""
            : Long.toString(c.clientBytesPerConnection()));
  }

  private static String micros(Double millis) {
    return millis == null ? "" : String.format(Locale.ROOT, "%.0f", millis * 1000);
  }

  private static String whole(Long v) {
    return v == null ? "" : Long.toString(v);
  }
}
