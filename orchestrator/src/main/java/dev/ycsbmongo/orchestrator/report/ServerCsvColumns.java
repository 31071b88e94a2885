package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import java.util.List;
import java.util.Map;

/**
 * The server sampler's columns of {@code summary.csv} (whole phase, or the hold of a
 * connection-stress phase): empty where the server does not report a figure or sampling was off.
 * {@code server_*_latency_us} are the server's own averages per {@code opLatencies} type;
 * {@code server_connections_limit} is {@code connections.current + available}; operations per second
 * from the opcounters, the peak resident memory in bytes.
 */
final class ServerCsvColumns {

  static final List<String> OPS = List.of("insert", "query", "update", "delete", "getmore", "command");

  static final List<String> HEAD = List.of("server_cpu_mean_pct", "server_cpu_peak_pct", "server_ops_per_sec",
      "server_insert_ops_per_sec", "server_query_ops_per_sec", "server_update_ops_per_sec", "server_delete_ops_per_sec",
      "server_getmore_ops_per_sec", "server_command_ops_per_sec", "server_connections_peak",
      "server_resident_peak_bytes", "server_max_lag_s",
      "server_crosscheck_flagged", "server_sampler_error", "server_read_latency_us", "server_write_latency_us",
      "server_command_latency_us", "server_transaction_latency_us", "server_connections_limit",
      "server_connections_utilisation_peak_pct");

  private ServerCsvColumns() {
  }

  static List<String> values(ServerMetrics m) {
    if (m == null) {
      return HEAD.stream().map(h -> "").toList();
    }
    Map<String, Double> qps = m.qpsByOperation();
    List<String> row = new java.util.ArrayList<>(List.of(SummaryCsv.num(m.cpuMeanPercent()),
        SummaryCsv.num(m.cpuPeakPercent()), SummaryCsv.num(m.qpsTotal())));
    OPS.forEach(op -> row.add(qps == null ? "" : SummaryCsv.num(qps.get(op))));
    row.add(m.connectionsPeak() == null ? "" : Long.toString(m.connectionsPeak()));
    // serverStatus reports resident memory in MiB
    row.add(m.residentMbPeak() == null ? "" : Long.toString(m.residentMbPeak() * 1024 * 1024));
    row.add(SummaryCsv.num(m.maxLagSeconds()));
    row.add(m.crossCheck() == null ? "" : Boolean.toString(m.crossCheck().flagged()));
    row.add(m.samplerError() == null ? "" : m.samplerError());
    List.of(ServerMetrics.READS, ServerMetrics.WRITES, ServerMetrics.COMMANDS, ServerMetrics.TRANSACTIONS)
        .forEach(type -> row.add(SummaryCsv.num(m.opLatencyMeanMicros(type))));
    row.add(m.connectionsLimit() == null ? "" : Long.toString(m.connectionsLimit()));
    row.add(SummaryCsv.num(m.connectionsUtilisationPeakPercent()));
    return row;
  }
}
