package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.plan.Acceptance;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.Precision;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import dev.ycsbmongo.orchestrator.stats.BatchMeans;
import dev.ycsbmongo.orchestrator.stats.IntervalLatency;
import dev.ycsbmongo.orchestrator.stats.Judgement;
import dev.ycsbmongo.orchestrator.stats.LatencyHistogram;
import dev.ycsbmongo.orchestrator.stats.LatencyMean;
import dev.ycsbmongo.orchestrator.stats.MeanInterval;
import dev.ycsbmongo.orchestrator.stats.PercentileBootstrap;
import dev.ycsbmongo.orchestrator.stats.PercentileInterval;
import dev.ycsbmongo.orchestrator.stats.PrecisionRule;
import dev.ycsbmongo.orchestrator.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A measured cell's intervals and its precision judgement, from its steady window: the throughput's
 * batch-means interval over the per-second series, each operation's average latency (weighted over the
 * interval histograms) and p99 (block bootstrap over them), and {@link PrecisionRule}'s verdict on the
 * mean. Both runners call it, the one-client runner on its HDR logs, the N-client one on the merged series.
 */
final class CellPrecision {

  private CellPrecision() {
  }

  /** Per-second (per status interval) successful operations per second of the steady window. */
  static double[] steadySeries(List<IntervalCount> whole, int start) {
    return whole.subList(Math.min(start, whole.size()), whole.size()).stream().mapToDouble(IntervalCount::opsPerSec)
        .toArray();
  }

  /** The rule a cell is judged by: the plan's precision (or the default) over at least its minimum window. */
  static PrecisionRule rule(Acceptance a, double statusSeconds) {
    int minValues = (int) Math.max(PrecisionRule.SHORTEST_MEASURED, Math.ceil(a.precisionMinSeconds() / statusSeconds));
    return new PrecisionRule(a.precisionTarget(), minValues, statusSeconds);
  }

  /**
   * The judgement of the steady series, as the record keeps it.
   *
   * @param stoppedAtSeconds when the run was stopped once precise, seconds into the phase; null when it was not
   */
  static Precision judge(double[] series, PrecisionRule rule, Double stoppedAtSeconds) {
    if (series.length == 0) {
      return new Precision(Precision.NOT_PRECISE, null, rule.precision(), 0, null, null,
          "not precise: no steady window", stoppedAtSeconds != null, stoppedAtSeconds);
    }
    Judgement j = rule.judge(series);
    String verdict = j.verdict() == Verdict.PRECISE ? Precision.PRECISE
        : j.verdict() == Verdict.DRIFTING ? Precision.DRIFTING : Precision.NOT_PRECISE;
    String reason = j.reason();
    if (stoppedAtSeconds != null) {
      // judged on the intervals the live check read (LiveStop): precise as it found them, stated to the target
      reason += String.format(java.util.Locale.ROOT, "; stopped early at %.0f s%s", stoppedAtSeconds,
          j.verdict() == Verdict.PRECISE ? ", stated to the target" : "");
    }
    return new Precision(verdict, finite(round4(j.interval().relativeHalfWidth())), rule.precision(),
        j.interval().batches(), finite(round4(j.lag1())), finite(round4(j.trend().pValue())), reason,
        stoppedAtSeconds != null, stoppedAtSeconds);
  }

  /**
   * {@code steady} with its throughput's interval and each operation's average and p99 intervals. The
   * throughput interval is centred on the window's figure (its half-width from the batch means of the
   * per-second series, whose mean differs from it only by YCSB's partial last interval) and, when the run
   * stopped early, widened to the target: a stopped run states its mean to the precision it stopped at.
   *
   * @param histograms per operation, the window's interval histograms in time order
   * @param seed fixes the bootstrap, so the same phase read again gives the same interval
   * @param widenTo the relative half-width the throughput interval is widened to at least; NaN for none
   */
  static WindowStats withIntervals(WindowStats steady, double[] series, Map<String, List<Histogram>> histograms,
      long seed, double widenTo) {
    WindowStats out = steady;
    if (series.length > 0) {
      MeanInterval mi = BatchMeans.of(series);
      if (!Double.isNaN(widenTo)) {
        mi = mi.widenedTo(widenTo);
      }
      double half = mi.relativeHalfWidth() * steady.throughputOpsPerSec();
      if (mi.known() && Double.isFinite(half)) {
        // a throughput is not negative: a wide interval is cut at 0 rather than drawn below it
        out = out.withThroughputCi(new Ci(Math.max(0, round(steady.throughputOpsPerSec() - half)),
            round(steady.throughputOpsPerSec() + half), mi.df()));
      }
    }
    List<OperationStats> ops = new ArrayList<>();
    for (OperationStats o : out.operationStats()) {
      List<Histogram> hs = histograms.getOrDefault(o.operation(), List.of());
      ops.add(o.count() == 0 || hs.isEmpty() ? o : o.withCis(averageCi(hs), p99Ci(hs, seed ^ o.operation().hashCode())));
    }
    return out.withOperationStats(ops);
  }

  private static Ci averageCi(List<Histogram> hs) {
    MeanInterval mi = LatencyMean.of(hs.stream().map(IntervalLatency::of).toList());
    return mi.known() && Double.isFinite(mi.halfWidth()) ? new Ci(Math.max(0, round(mi.low())), round(mi.high()), mi.df())
        : null;
  }

  private static Ci p99Ci(List<Histogram> hs, long seed) {
    if (hs.size() < BatchMeans.FEWEST_VALUES) {
      return null;
    }
    PercentileInterval p = PercentileBootstrap.of(hs.stream().map(LatencyHistogram::of).toList(), 99, seed);
    return new Ci(p.lowMicros(), p.highMicros(), null);
  }

  /** A seed from a phase's id (its directory name): the same phase read again draws the same bootstrap. */
  static long seed(String phaseId) {
    long h = 1125899906842597L;
    for (int i = 0; i < phaseId.length(); i++) {
      h = 31 * h + phaseId.charAt(i);
    }
    return h;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static double round4(double v) {
    return Math.round(v * 10000) / 10000.0;
  }
}
