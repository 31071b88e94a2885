package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.ClientFigures;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseClients;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.Optional;

/**
 * A cell's figures merged exactly from its N clients (see {@link CellMerger} for the rules).
 *
 * @param clients N
 * @param windowStartMillis the common window's start: the latest first-interval start of the
 *     clients (or a later instant asked for, e.g. a steady-state cut), ms since the epoch
 * @param windowEndMillis its end: the earliest last-interval end of the clients
 * @param startSkewMillis latest minus earliest first-interval start of the clients
 * @param operations successful operations in the window, all clients (a READ-MODIFY-WRITE counted
 *     as its read and its update)
 * @param failedOperations failed operations in the window, counted the same way
 * @param throughputOpsPerSec the sum of the clients' throughputs over their window intervals
 * @param operationStats per operation, YCSB's order first
 * @param clientRows per client, by index
 */
public record MergedCell(int clients, long windowStartMillis, long windowEndMillis, long startSkewMillis,
    long operations, long failedOperations, double throughputOpsPerSec, List<MergedOperation> operationStats,
    List<ClientRow> clientRows) {

  public MergedCell {
    operationStats = List.copyOf(operationStats);
    clientRows = List.copyOf(clientRows);
  }

  public double windowSeconds() {
    return (windowEndMillis - windowStartMillis) / 1000.0;
  }

  public Optional<MergedOperation> operation(String name) {
    return operationStats.stream().filter(o -> o.operation().equals(name)).findFirst();
  }

  /** The rows a report shows on their own. */
  public List<ClientRow> outliers() {
    return clientRows.stream().filter(ClientRow::outlier).toList();
  }

  /** Successful operations over the clients' whole runs, from their summaries. */
  public long runOperations() {
    return clientRows.stream().mapToLong(ClientRow::runOperations).sum();
  }

  /**
   * The window as a phase's {@link WindowStats}, so a cell of N clients is stored like a phase of one.
   *
   * @param name {@link WindowStats#FULL} or {@link WindowStats#STEADY}
   * @param startSeconds the window's start in seconds after the phase's first measurement
   */
  public WindowStats toWindowStats(String name, double startSeconds) {
    double errorRate = operations + failedOperations == 0 ? 0 : (double) failedOperations / (operations + failedOperations);
    return new WindowStats(name, startSeconds, windowSeconds(), operations, failedOperations, throughputOpsPerSec,
        errorRate, operationStats.stream().map(MergedOperation::window).toList());
  }

  /**
   * What the cell's record keeps about its clients: count, start skew, the common window and one row per client
   * (its pid and interval bounds stay here: they locate a process, they do not describe the measurement).
   *
   * @param backend {@link PhaseClients#LOCAL} or {@link PhaseClients#KUBERNETES}
   */
  public PhaseClients toRecord(String backend) {
    return new PhaseClients(clients, backend, startSkewMillis, windowSeconds(), clientRows.stream()
        .map(r -> new ClientFigures(r.client(), r.host(), r.windowSeconds(), r.windowOperations(),
            r.throughputOpsPerSec(), r.p99MicrosByOperation(), r.runOperations(), r.cpuMicrosPerOperation(),
            r.cores(), r.cpuShareOfCores(), r.outlierReasons()))
        .toList());
  }

  /** One operation's window figures. */
  public Optional<OperationStats> stats(String name) {
    return operation(name).map(MergedOperation::window);
  }
}
