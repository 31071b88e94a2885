package dev.ycsbmongo.orchestrator.stats;

import org.HdrHistogram.Histogram;

/**
 * One status interval's latency figures for one operation, as YCSB's status line or an interval
 * histogram gives them.
 *
 * @param count operations measured in the interval
 * @param meanMicros their average latency, microseconds (ignored when count is 0)
 */
public record IntervalLatency(long count, double meanMicros) {

  public IntervalLatency {
    if (count < 0) {
      throw new IllegalArgumentException("operation count " + count + " must not be negative");
    }
    if (count > 0 && !(meanMicros >= 0)) {
      throw new IllegalArgumentException("average latency " + meanMicros + " µs must be a non-negative number");
    }
  }

  /** One interval's histogram (microseconds) as its count and average. */
  public static IntervalLatency of(Histogram h) {
    long n = h.getTotalCount();
    return new IntervalLatency(n, n > 0 ? h.getMean() : 0);
  }
}
