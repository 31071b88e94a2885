package dev.ycsbmongo.orchestrator.stats;

/**
 * A latency percentile of a window with its 95% bootstrap interval.
 *
 * @param percentile e.g. 99 for p99
 * @param valueMicros the percentile of all the window's intervals merged
 * @param lowMicros, highMicros the 2.5th and 97.5th percentiles of the bootstrap replicates
 * @param intervals how many intervals the window has
 * @param blockLength intervals per bootstrap block
 * @param replicates bootstrap replicates drawn
 */
public record PercentileInterval(double percentile, long valueMicros, long lowMicros, long highMicros, int intervals,
    int blockLength, int replicates) {

  public boolean contains(double micros) {
    return micros >= lowMicros && micros <= highMicros;
  }
}
