package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.plan.CellProperty;

/**
 * A property the comparison accepts a difference in ({@code differing:}), with A's and B's values in
 * one pair: shown in the pair's row ("32 → 64"), whether or not this pair's values differ.
 *
 * @param a A's value ("-" when the cell did not record it); several repetitions' distinct values are joined by '/'
 */
public record AcceptedDifference(CellProperty property, String a, String b) {

  public boolean differs() {
    return !a.equals(b);
  }

  /** "32 → 64", or the one value when both agree. */
  public String shown() {
    return differs() ? a + " → " + b : a;
  }
}
