package dev.ycsbmongo.orchestrator.plan;

import java.math.BigDecimal;

/** {@code maxErrorRate}: a share from 0 to 1 ({@code 0.01}) or a percentage ({@code 1%}). */
public final class ErrorRates {

  static final String ACCEPTED = "a share from 0 to 1 such as 0.01, or a percentage from 0% to 100% such as 1%";

  private ErrorRates() {
  }

  static double parse(String text) {
    String t = text.strip();
    boolean percent = t.endsWith("%");
    BigDecimal value;
    try {
      value = new BigDecimal(percent ? t.substring(0, t.length() - 1).strip() : t);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not an error rate; expected " + ACCEPTED);
    }
    BigDecimal share = percent ? value.movePointLeft(2) : value;
    if (share.signum() < 0 || share.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("'" + text + "' is out of range; expected " + ACCEPTED);
    }
    return share.doubleValue();
  }

  /** {@code 0.01} as {@code 1%}. */
  public static String format(double share) {
    return BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }
}
