package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The value columns of a connection-stress table (study 5): what the client reached and the server
 * saw, how long opening took, why connections failed, what holding them cost the client, the
 * server's CPU and memory over the hold, the connection limit the sampled server reports
 * ({@code connections.current + available}, the largest seen) and the peak share of it in use.
 * Failed cells still show their figures: reaching a limit is the finding of such a study, not a
 * missing measurement. Requested says which servers took the count ("8,000 to each of 3 servers",
 * "8,000 to the primary (host:port)"); Reached, with several servers, what each one got.
 */
final class ConnectionTable {

  static final List<String> HEAD = List.of("Requested", "Reached", "Seen by server", "Open time (s)",
      "Open p99 (ms)", "Failures", "Client RSS held (MiB)", "Client KiB/conn", "Server CPU (%)", "Server memory (MB)",
      "Server limit", "Peak utilisation (%)");

  private ConnectionTable() {
  }

  /** One cell's columns: means over its repetitions that got as far as opening, failures summed by cause. */
  static List<String> figures(List<PhaseResult> reps) {
    List<ConnectionStressResult> c = reps.stream().map(PhaseResult::connections).filter(Objects::nonNull).toList();
    List<ServerMetrics> s = reps.stream().filter(r -> r.connections() != null).map(PhaseResult::serverMetrics)
        .filter(Objects::nonNull).toList();
    if (c.isEmpty()) {
      List<String> none = new ArrayList<>();
      HEAD.forEach(h -> none.add("-"));
      return none;
    }
    Map<String, Long> causes = new TreeMap<>();
    c.forEach(r -> r.failuresByCause().forEach((k, v) -> causes.merge(k, v, Long::sum)));
    String failures = causes.isEmpty() ? "0" : causes.entrySet().stream()
        .map(e -> e.getKey() + " " + String.format(Locale.ROOT, "%,d", e.getValue())).collect(Collectors.joining(", "));
    String reached = fmt(mean(c, r -> (double) r.opened()), "%,.0f") + (c.size() > 1 ? " (n=" + c.size() + ")"
        : perServer(c.get(0)));
    boolean sameRequest = c.stream().map(ConnectionStressResult::describeRequested).distinct().count() == 1;
    return List.of(sameRequest ? c.get(0).describeRequested() : fmt(mean(c, r -> (double) r.requested()), "%,.0f"),
        reached,
        fmt(mean(c, r -> r.seenByServer() == null ? null : r.seenByServer().doubleValue()), "%,.0f"),
        fmt(mean(c, ConnectionStressResult::openSeconds), "%,.1f"),
        fmt(mean(c, ConnectionStressResult::openLatencyP99Millis), "%,.1f"), failures,
        fmt(mean(c, r -> mib(r.clientRssHeldBytes())), "%,.0f"),
        fmt(mean(c, r -> r.clientBytesPerConnection() == null ? null : r.clientBytesPerConnection() / 1024.0), "%,.1f"),
        fmt(MarkdownCells.mean(s.stream().map(ServerMetrics::cpuMeanPercent).toList()), "%,.1f"),
        fmt(MarkdownCells.mean(s.stream().map(m -> m.residentMbPeak() == null ? null
            : m.residentMbPeak().doubleValue()).toList()), "%,.0f"),
        fmt(max(s, m -> m.connectionsLimit() == null ? null : m.connectionsLimit().doubleValue()), "%,.0f"),
        fmt(max(s, ServerMetrics::connectionsUtilisationPeakPercent), "%,.1f"));
  }

  /** " (8,000 each)", or each server's count when they differ; "" for one server or an older record. */
  static String perServer(ConnectionStressResult r) {
    Map<String, Long> by = r.openedByHost();
    if (by.size() < 2) {
      return "";
    }
    if (by.values().stream().distinct().count() == 1) {
      return String.format(Locale.ROOT, " (%,d each)", by.values().iterator().next());
    }
    return by.entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
        .collect(Collectors.joining(", ", " (", ")"));
  }

  private static Double mean(List<ConnectionStressResult> c, Function<ConnectionStressResult, Double> f) {
    return MarkdownCells.mean(c.stream().map(f).toList());
  }

  /** The largest over repetitions: a limit or a peak is not averaged away. */
  private static Double max(List<ServerMetrics> s, Function<ServerMetrics, Double> f) {
    return s.stream().map(f).filter(Objects::nonNull).max(Double::compare).orElse(null);
  }

  private static Double mib(Long bytes) {
    return bytes == null ? null : bytes / (1024.0 * 1024);
  }

  private static String fmt(Double v, String format) {
    return v == null ? "-" : String.format(Locale.ROOT, format, v);
  }
}
