package dev.ycsbmongo.orchestrator.stats;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One interval's latencies as buckets: sorted upper bounds (microseconds) and the operations in
 * each. Only non-empty buckets need be given, which keeps a bootstrap over thousands of intervals
 * small (an HDR histogram holds tens of thousands of mostly empty counts).
 *
 * @param upperBounds strictly increasing bucket upper bounds, microseconds
 * @param counts operations per bucket, none negative, as many as bounds
 */
public record LatencyHistogram(long[] upperBounds, long[] counts) {

  public LatencyHistogram {
    if (upperBounds.length != counts.length) {
      throw new IllegalArgumentException(upperBounds.length + " bucket bounds but " + counts.length + " counts");
    }
    for (int i = 0; i < upperBounds.length; i++) {
      if (counts[i] < 0 || i > 0 && upperBounds[i] <= upperBounds[i - 1]) {
        throw new IllegalArgumentException("bucket " + i + " (bound " + upperBounds[i] + ", count " + counts[i]
            + "): bounds must increase and counts must not be negative");
      }
    }
    upperBounds = upperBounds.clone();
    counts = counts.clone();
  }

  /** The non-empty buckets of an HDR histogram, each bounded by its highest equivalent value (as HdrHistogram's percentiles are). */
  public static LatencyHistogram of(Histogram h) {
    int k = 0;
    long[] bounds = new long[16];
    long[] counts = new long[16];
    for (HistogramIterationValue v : h.recordedValues()) {
      if (k == bounds.length) {
        bounds = Arrays.copyOf(bounds, k * 2);
        counts = Arrays.copyOf(counts, k * 2);
      }
      bounds[k] = h.highestEquivalentValue(v.getValueIteratedTo());
      counts[k] = v.getCountAtValueIteratedTo();
      k++;
    }
    return new LatencyHistogram(Arrays.copyOf(bounds, k), Arrays.copyOf(counts, k));
  }

  public long total() {
    long s = 0;
    for (long c : counts) {
      s += c;
    }
    return s;
  }

  @Override
  public long[] upperBounds() {
    return upperBounds.clone();
  }

  @Override
  public long[] counts() {
    return counts.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyHistogram h && Arrays.equals(upperBounds, h.upperBounds)
        && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(upperBounds) + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return upperBounds.length + " buckets, " + total() + " operations";
  }
}
