package dev.ycsbmongo.orchestrator.report.compare;

/**
 * A target label's value on A's cell and on B's: in a pair, a label the plan says describes the target
 * ({@code report.describes}: "cores 1 → 2"); in a {@link LabelMismatch}, a label that kept two cells apart.
 *
 * @param a A's value ("-" when A's target has no such label); {@code b} B's
 */
public record LabelDifference(String label, String a, String b) {

  public boolean differs() {
    return !a.equals(b);
  }

  /** "1 → 2", or the one value when both agree. */
  public String shown() {
    return differs() ? a + " → " + b : a;
  }
}
