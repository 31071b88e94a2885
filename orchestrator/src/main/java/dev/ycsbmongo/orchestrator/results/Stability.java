package dev.ycsbmongo.orchestrator.results;

/**
 * How steady a measured cell's throughput was over its steady window, from its per-second
 * (status-interval) series: what its verdict was judged on, kept so that a reader can defend or
 * doubt the figure without the raw logs.
 *
 * @param steadyStartSeconds where the steady window starts, seconds after the first interval
 * @param steadyStartRule {@code auto} (where throughput settled, at least the ramp-up in) or {@code fixed}
 *     (exactly at the ramp-up)
 * @param intervals whole intervals in the window (the last, partial one left out)
 * @param meanOpsPerSec mean of their successful operations per second
 * @param cv coefficient of variation of that series (standard deviation / mean); null under 2 intervals
 * @param rise change of throughput from the window's first third to its last third, as a share
 *     (0.4 = rising 40%); null under 3 intervals
 * @param longestStallSeconds the longest stretch without progress anywhere in the phase before its last
 *     interval: a run of intervals without one successful operation, one interval a second or more longer
 *     than the status interval (the client did not run: stopped, frozen, a paused host), or a GC pause of
 *     a second or more in the child's GC log
 * @param stallStartSeconds where that stall started (null when there was none)
 * @param stallCause what it was: {@code throughput fell to 0}, {@code client or server froze} ({@code client N
 *     froze} in a cell of several clients), {@code GC paused the client}; null when there was none (and in
 *     records written before freezes were told apart)
 * @param precision whether the window's mean is known to the plan's precision, the judgement the verdict rests on
 *     (null in records written before, and for phases not judged on their figures)
 */
public record Stability(double steadyStartSeconds, String steadyStartRule, int intervals, double meanOpsPerSec,
    Double cv, Double rise, double longestStallSeconds, Double stallStartSeconds, String stallCause,
    Precision precision) {

  /** Without a precision judgement (phases not judged on their figures; records written before). */
  public Stability(double steadyStartSeconds, String steadyStartRule, int intervals, double meanOpsPerSec,
      Double cv, Double rise, double longestStallSeconds, Double stallStartSeconds, String stallCause) {
    this(steadyStartSeconds, steadyStartRule, intervals, meanOpsPerSec, cv, rise, longestStallSeconds,
        stallStartSeconds, stallCause, null);
  }

  /** This stability with {@code p} as its precision judgement. */
  public Stability withPrecision(Precision p) {
    return new Stability(steadyStartSeconds, steadyStartRule, intervals, meanOpsPerSec, cv, rise, longestStallSeconds,
        stallStartSeconds, stallCause, p);
  }
}
