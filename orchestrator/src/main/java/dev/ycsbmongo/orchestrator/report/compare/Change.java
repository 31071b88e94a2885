package dev.ycsbmongo.orchestrator.report.compare;

/**
 * One figure of one pair: A's and B's spreads and the change of the means, (B - A) / A in percent
 * (null when either side did not measure the figure or A's mean is 0).
 *
 * <p>The significance rule: a change is <em>not significant</em> when at least one side has
 * repetitions (n >= 2) and the [min, max] ranges of A and B overlap, i.e. some repetition of one
 * side lies within the other side's range, so the repetitions cannot tell the two settings apart.
 * With one repetition on each side there is no spread to judge by: the change is reported as
 * significant (never marked n.s.), and the reader sees n = 1. The rule is deliberately the simple
 * one people apply to a table by eye; it is not a statistical test.
 *
 * @param significant false only for a present change within the spread, as defined above
 */
public record Change(Figure figure, Spread a, Spread b, Double percent, boolean significant) {

  static Change of(Figure figure, Spread a, Spread b) {
    Double percent = !a.present() || !b.present() || a.mean() == 0 ? null : (b.mean() - a.mean()) / a.mean() * 100;
    boolean spread = a.n() >= 2 || b.n() >= 2;
    boolean overlap = percent != null && a.min() <= b.max() && b.min() <= a.max();
    return new Change(figure, a, b, percent, percent != null && !(spread && overlap));
  }

  /** True when B is better than A on this figure: more throughput or less latency. */
  public boolean better() {
    return percent != null && (figure.higherIsBetter() ? percent > 0 : percent < 0);
  }
}
