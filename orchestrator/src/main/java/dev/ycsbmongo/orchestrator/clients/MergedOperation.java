package dev.ycsbmongo.orchestrator.clients;

import dev.ycsbmongo.orchestrator.results.OperationStats;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * One operation of a merged cell.
 *
 * @param window its figures over the common window, from the sum of every client's histograms
 * @param runCount successful operations over the clients' whole runs (the sum of their summaries)
 * @param runErrorsByStatus failures over the whole runs, by status, summed the same way
 * @param histogram the summed histogram over the window (a copy in and out)
 */
public record MergedOperation(OperationStats window, long runCount, Map<String, Long> runErrorsByStatus,
    Histogram histogram) {

  public MergedOperation {
    Objects.requireNonNull(window, "window");
    runErrorsByStatus = Payloads.checkedCounts(runErrorsByStatus, window.operation() + " run errors");
    histogram = histogram.copy();
  }

  public String operation() {
    return window.operation();
  }

  @Override
  public Histogram histogram() {
    return histogram.copy();
  }
}
