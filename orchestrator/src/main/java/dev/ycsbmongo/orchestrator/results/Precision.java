package dev.ycsbmongo.orchestrator.results;

/**
 * Whether a measured cell's mean throughput is known to the plan's precision: the judgement its
 * verdict rests on (docs/verdicts.md), kept in the record so a reader can see how far the figure was
 * pinned down and why a cell was called unstable.
 *
 * @param verdict {@code precise}, {@code not precise} or {@code drifting}
 * @param relativeHalfWidth the steady window's own 95% interval, half-width over the mean (0.021 = ±2.1%);
 *     null when it cannot be stated (under 4 intervals)
 * @param target the precision asked for (0.05 = ±5%): the plan's {@code execution.acceptance.precision}, or
 *     the default
 * @param batches how many batch means the interval came from
 * @param lag1 lag-1 autocorrelation of the per-second series; null when it cannot be computed
 * @param trendP the trend test's p-value over the batch means; null under 3 batches
 * @param reason the judgement in one line, e.g. {@code not precise: ±9.0% after 60 s (target ±3.0%)}
 * @param stoppedEarly true when the run was ended once its mean was precise, before its maxexecutiontime
 * @param stoppedAtSeconds where the intervals the run was found precise on end (the steady window's end),
 *     seconds after the phase's first interval started; null unless stopped early
 */
public record Precision(String verdict, Double relativeHalfWidth, double target, int batches, Double lag1,
    Double trendP, String reason, boolean stoppedEarly, Double stoppedAtSeconds) {

  public static final String PRECISE = "precise";
  public static final String NOT_PRECISE = "not precise";
  public static final String DRIFTING = "drifting";

  public boolean precise() {
    return PRECISE.equals(verdict);
  }
}
