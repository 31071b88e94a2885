package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.clients.WholeRun;
import dev.ycsbmongo.orchestrator.plan.Acceptance.SteadyStateRule;
import dev.ycsbmongo.orchestrator.results.Stability;
import dev.ycsbmongo.orchestrator.results.YcsbOutput.IntervalCount;
import java.util.List;

/**
 * Where a phase's steady window starts, and how steady it was, from its per-interval throughput.
 *
 * <p>The client's JIT, the server's caches and the connection pool warm up inside the measured
 * JVM, so no unmeasured run in another process can take the warm-up away: the window has to be cut
 * inside the phase. {@link SteadyStateRule#AUTO} cuts where the Marginal Standard Error Rule
 * (MSER, White 1997) puts it: the truncation point d, among the intervals from the ramp-up to the
 * middle of the series, that minimises the standard error of the remaining mean,
 * {@code sum((x_i - mean_d)^2) / (n - d)^2}. A ramp inflates the deviations until it is cut off, so
 * the minimum lands where the series has settled; limiting d to the first half stops it from
 * cutting a noisy tail. docs/architecture.md shows what it chose on the quickstart.
 */
final class SteadyState {

  private SteadyState() {
  }

  /**
   * The intervals the analysis uses: every one but YCSB's last, which only flushes the final
   * partial second, and none shorter than half a second.
   */
  static List<IntervalCount> whole(List<IntervalCount> intervals) {
    List<IntervalCount> body = intervals.size() > 1 ? intervals.subList(0, intervals.size() - 1) : intervals;
    return longEnough(body);
  }

  /**
   * As {@link #whole}, of a series still growing ({@link LiveStop}): its last interval is left out even when it
   * is the only one, as it may still be incomplete.
   */
  static List<IntervalCount> wholeSoFar(List<IntervalCount> intervals) {
    return longEnough(intervals.subList(0, Math.max(0, intervals.size() - 1)));
  }

  private static List<IntervalCount> longEnough(List<IntervalCount> intervals) {
    return intervals.stream().filter(i -> i.endSeconds() - i.startSeconds() >= 0.5).toList();
  }

  /** The index in {@code xs} (whole intervals) where the steady window starts. */
  static int start(List<IntervalCount> xs, double rampUpSeconds, SteadyStateRule rule) {
    int first = 0;
    while (first < xs.size() && xs.get(first).startSeconds() < rampUpSeconds - 1e-9) {
      first++;
    }
    if (rule == SteadyStateRule.FIXED || xs.size() - first < 4) {
      return first;
    }
    int n = xs.size();
    int best = first;
    double bestScore = Double.MAX_VALUE;
    for (int d = first; d <= first + (n - first) / 2; d++) {
      double mean = 0;
      for (int i = d; i < n; i++) {
        mean += xs.get(i).opsPerSec();
      }
      mean /= n - d;
      double ssd = 0;
      for (int i = d; i < n; i++) {
        double dev = xs.get(i).opsPerSec() - mean;
        ssd += dev * dev;
      }
      double score = ssd / ((double) (n - d) * (n - d));
      if (score < bestScore - 1e-12) {
        bestScore = score;
        best = d;
      }
    }
    return best;
  }

  /** As {@link #of(List, List, int, SteadyStateRule, double, List)} with one-second status intervals and no GC log. */
  static Stability of(List<IntervalCount> all, List<IntervalCount> xs, int start, SteadyStateRule rule) {
    return of(all, xs, start, rule, 1.0, List.of());
  }

  /**
   * The stability of the window starting at {@code start} (an index into {@code xs}), and the
   * phase's longest stall (see {@link #longestStall(List, double, List)}).
   *
   * @param statusSeconds the status interval the child was asked for: what an interval should last
   * @param pauses stalls found outside the series, on the phase's clock: the child's GC pauses of at least
   *     {@link Stall#SHORTEST_NAMED_SECONDS}, the freezes of the clients of a cell of several
   *     ({@link dev.ycsbmongo.orchestrator.clients.WholeRun#freezes})
   */
  static Stability of(List<IntervalCount> all, List<IntervalCount> xs, int start, SteadyStateRule rule,
      double statusSeconds, List<Stall> pauses) {
    List<IntervalCount> w = xs.subList(Math.min(start, xs.size()), xs.size());
    double startSeconds = start < xs.size() ? xs.get(start).startSeconds()
        : xs.isEmpty() ? 0 : xs.get(xs.size() - 1).endSeconds();
    double mean = w.stream().mapToDouble(IntervalCount::opsPerSec).average().orElse(0);
    Double cv = null;
    if (w.size() >= 2 && mean > 0) {
      double var = w.stream().mapToDouble(i -> (i.opsPerSec() - mean) * (i.opsPerSec() - mean)).sum() / (w.size() - 1);
      cv = Math.sqrt(var) / mean;
    }
    Double rise = null;
    if (w.size() >= 3) {
      int third = w.size() / 3;
      double head = w.subList(0, third).stream().mapToDouble(IntervalCount::opsPerSec).average().orElse(0);
      double tail = w.subList(w.size() - third, w.size()).stream().mapToDouble(IntervalCount::opsPerSec).average()
          .orElse(0);
      rise = head > 0 ? (tail - head) / head : null;
    }
    Stall stall = longestStall(all, statusSeconds, pauses);
    boolean any = round(stall.seconds()) > 0;
    return new Stability(round(startSeconds), rule.name().toLowerCase(java.util.Locale.ROOT), w.size(), round(mean),
        cv == null ? null : round4(cv), rise == null ? null : round4(rise), round(stall.seconds()),
        any ? round(stall.startSeconds()) : null, any ? stall.cause() : null);
  }

  /**
   * The phase's longest stall, whichever way it showed: a run of intervals without a successful
   * operation ({@link #longestZeroRun}), one interval at least {@link Stall#SHORTEST_NAMED_SECONDS}
   * longer than the status interval after the first with an operation (YCSB's status thread did not
   * run: the client's JVM was stopped or frozen, however many operations it finished at either end),
   * or a GC pause. A frozen interval that a GC pause fills at least half of is named as that pause:
   * the log says why it froze.
   */
  static Stall longestStall(List<IntervalCount> all, double statusSeconds, List<Stall> pauses) {
    double[] zero = longestZeroRun(all);
    Stall longest = zero[0] > 0 ? new Stall(zero[0], zero[1], Stall.NO_OPERATIONS) : Stall.NONE;
    boolean started = false;
    double rate = WholeRun.typicalRate(all.stream()
        .filter(c -> c.endSeconds() - c.startSeconds() < statusSeconds + Stall.SHORTEST_NAMED_SECONDS - 1e-9)
        .filter(c -> c.operations() > 0).mapToDouble(IntervalCount::opsPerSec));
    for (int i = 0; i < all.size() - 1; i++) {
      IntervalCount c = all.get(i);
      if (!started) {
        started = c.operations() > 0;
        continue;  // threads starting (thousands of them) may hold the status thread back: not a freeze
      }
      double length = c.endSeconds() - c.startSeconds();
      if (length < statusSeconds + Stall.SHORTEST_NAMED_SECONDS - 1e-9
          || !WholeRun.mostlyIdle(length, c.operations(), rate, Stall.SHORTEST_NAMED_SECONDS)) {
        continue;
      }
      Stall frozen = new Stall(length, c.startSeconds(), Stall.FROZE);
      for (Stall p : pauses) {
        double overlap = Math.min(p.startSeconds() + p.seconds(), c.endSeconds()) - Math.max(p.startSeconds(),
            c.startSeconds());
        if (overlap >= length / 2) {
          frozen = p;
        }
      }
      if (frozen.longerThan(longest)) {
        longest = frozen;
      }
    }
    for (Stall p : pauses) {
      if (p.seconds() >= Stall.SHORTEST_NAMED_SECONDS && p.longerThan(longest)) {
        longest = p;
      }
    }
    return longest;
  }

  /**
   * The longest run of intervals without one successful operation, after the first that had one
   * (threads still starting are not a stall) and before the last (the phase went on past it).
   * Returns {seconds, start}.
   */
  static double[] longestZeroRun(List<IntervalCount> all) {
    double longest = 0;
    double longestStart = 0;
    boolean started = false;
    Double runStart = null;
    for (int i = 0; i < all.size() - 1; i++) {
      IntervalCount c = all.get(i);
      if (c.operations() > 0) {
        started = true;
        runStart = null;
        continue;
      }
      if (!started) {
        continue;
      }
      if (runStart == null) {
        runStart = c.startSeconds();
      }
      double length = c.endSeconds() - runStart;
      if (length > longest) {
        longest = length;
        longestStart = runStart;
      }
    }
    return new double[] {longest, longestStart};
  }

  private static double round(double v) {
    return Math.round(v * 10) / 10.0;
  }

  private static double round4(double v) {
    return Math.round(v * 10000) / 10000.0;
  }
}
