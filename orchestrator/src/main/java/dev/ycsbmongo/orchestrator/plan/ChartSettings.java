package dev.ycsbmongo.orchestrator.plan;

/**
 * A plan's {@code report.charts}: {@code splitBy} names a target label whose every value gets its own
 * thread charts (study 2 draws its medium and large machines apart); null draws each scenario's
 * thread charts once, with every target in them. {@code colourBy} names a target label whose values are
 * families: each gets one hue and its targets shades of it (study 1's local SSD and cloud disk sizes);
 * null gives every target its own hue.
 */
public record ChartSettings(String splitBy, String colourBy) {

  public static final ChartSettings NONE = new ChartSettings(null, null);

  public ChartSettings {
    if (splitBy != null && splitBy.isBlank()) {
      splitBy = null;
    }
    if (colourBy != null && colourBy.isBlank()) {
      colourBy = null;
    }
  }

  /** Thread charts split by {@code splitBy}, no colour families. */
  public ChartSettings(String splitBy) {
    this(splitBy, null);
  }
}
