package dev.ycsbmongo.orchestrator.exec;

import java.time.Duration;
import java.util.Locale;

/** Human forms of durations and shares for messages and progress lines. */
public final class Durations {

  private Durations() {
  }

  /** {@code 45s}, {@code 3m05s}, {@code 2h00m}. */
  public static String format(Duration d) {
    long s = Math.max(0, d.toSeconds());
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", s / 3600, (s % 3600) / 60);
  }

  /** {@code 0.01} as {@code 1%}, {@code 0.005} as {@code 0.5%}. */
  public static String percent(double share) {
    String s = String.format(Locale.ROOT, "%.4f", share * 100).replaceAll("0+$", "").replaceAll("\\.$", "");
    return s + "%";
  }
}
