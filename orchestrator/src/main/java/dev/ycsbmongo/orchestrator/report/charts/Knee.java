package dev.ycsbmongo.orchestrator.report.charts;

import java.util.List;
import java.util.Optional;

/**
 * The "sweet spot" of a thread sweep: the last thread count before latency starts to rise faster
 * than throughput. Between consecutive thread counts, if latency grows by a larger fraction than
 * throughput does, adding threads buys less throughput than it costs in latency: the knee is the
 * thread count before that step. No such step: the sweep ends before the knee.
 */
public final class Knee {

  public static final String RULE = "Knee: the last thread count before the first step where average latency grows by a"
      + " larger fraction than throughput (latency rises faster than throughput).";

  /** One thread count's figures. */
  public record Step(int threads, double throughput, double latency) {
  }

  private Knee() {
  }

  /** {@code steps} in increasing thread order; absent when latency never outgrows throughput. */
  public static Optional<Step> find(List<Step> steps) {
    for (int i = 1; i < steps.size(); i++) {
      Step a = steps.get(i - 1);
      Step b = steps.get(i);
      if (a.throughput() <= 0 || a.latency() <= 0) {
        continue;
      }
      double throughputGrowth = b.throughput() / a.throughput() - 1;
      double latencyGrowth = b.latency() / a.latency() - 1;
      if (latencyGrowth > throughputGrowth) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }
}
