package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.Optional;

/**
 * The figures the field notes tabulate, from one record's table window: RAL is the READ average;
 * WAL the count-weighted average of UPDATE, INSERT and DELETE; p99 write the highest of their p99s.
 * A figure the phase did not measure is absent (null), never zero. The server figures come from the
 * sampler (whole phase): mean CPU % of the primary's host, total QPS, peak connections, max lag, the
 * server's own average latency of reads, writes and commands ({@code opLatencies}, µs: study 3's console
 * "RT"), the connection limit the server reports and the peak share of it in use.
 * Public so that comparisons ({@code report.compare}) read the same figures the tables show.
 *
 * @param serverReadLatency, serverWriteLatency, serverCommandLatency {@code opLatencies} means in µs (the
 *     server's time, without the network and the client: compare with RAL/WAL to see where time goes)
 * @param connectionsLimit {@code connections.current + available}, the largest seen
 * @param connectionsUtilisationPeak the peak {@code current / (current + available)}, in percent
 */
public record CellFigures(Double throughput, Long failed, Double errorRate, Double ral, Double wal, Long p99Read, Long p99Write,
    boolean fullWindow, Double cpuPercent, Double qps, Long peakConnections, Double maxLagSeconds,
    Double serverReadLatency, Double serverWriteLatency, Double serverCommandLatency, Long connectionsLimit,
    Double connectionsUtilisationPeak) {

  static final List<String> WRITES = List.of("UPDATE", "INSERT", "DELETE");

  public static CellFigures of(PhaseResult r) {
    return of(r, r.tableWindow());
  }

  /**
   * The figures over window {@code w} of the record (its {@code full} or {@code steady}; null: no client figures,
   * the server's only). {@code fullWindow} still says whether the record lacks a steady window.
   */
  public static CellFigures of(PhaseResult r, WindowStats w) {
    ServerMetrics m = r.serverMetrics();
    Double cpu = m == null ? null : m.cpuMeanPercent();
    Double qps = m == null ? null : m.qpsTotal();
    Long conns = m == null ? null : m.connectionsPeak();
    Double lag = m == null ? null : m.maxLagSeconds();
    Double serverRead = m == null ? null : m.opLatencyMeanMicros(ServerMetrics.READS);
    Double serverWrite = m == null ? null : m.opLatencyMeanMicros(ServerMetrics.WRITES);
    Double serverCommand = m == null ? null : m.opLatencyMeanMicros(ServerMetrics.COMMANDS);
    Long limit = m == null ? null : m.connectionsLimit();
    Double utilisation = m == null ? null : m.connectionsUtilisationPeakPercent();
    if (w == null) {
      return new CellFigures(null, null, null, null, null, null, null, false, cpu, qps, conns, lag, serverRead,
          serverWrite, serverCommand, limit, utilisation);
    }
    Optional<OperationStats> read = w.operation("READ").filter(o -> o.count() > 0);
    double weighted = 0;
    long writes = 0;
    Long p99Write = null;
    for (String op : WRITES) {
      Optional<OperationStats> s = w.operation(op).filter(o -> o.count() > 0 && o.avgMicros() != null);
      if (s.isPresent()) {
        weighted += s.get().avgMicros() * s.get().count();
        writes += s.get().count();
        if (s.get().p99Micros() != null && (p99Write == null || s.get().p99Micros() > p99Write)) {
          p99Write = s.get().p99Micros();
        }
      }
    }
    return new CellFigures(w.throughputOpsPerSec(), w.failedOperations(), w.errorRate(),
        read.map(OperationStats::avgMicros).orElse(null), writes == 0 ? null : weighted / writes, 
        read.map(OperationStats::p99Micros).orElse(null), p99Write, r.steady() == null, cpu, qps, conns, lag,
        serverRead, serverWrite, serverCommand, limit, utilisation);
  }

  /** These figures with another throughput (YCSB's own whole-run one: {@link FigureWindow#WHOLE}). */
  CellFigures withThroughput(Double t) {
    return new CellFigures(t, failed, errorRate, ral, wal, p99Read, p99Write, fullWindow, cpuPercent, qps,
        peakConnections, maxLagSeconds, serverReadLatency, serverWriteLatency, serverCommandLatency, connectionsLimit,
        connectionsUtilisationPeak);
  }
}
