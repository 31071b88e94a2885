package dev.ycsbmongo.orchestrator.plan;

/**
 * A plan's {@code report.charts}: {@code splitBy} names a target label whose every value gets its own
 * thread charts (study 2 draws its medium and large machines apart); null draws each scenario's
 * thread charts once, with every target in them.
 */
public record ChartSettings(String splitBy) {

  public static final ChartSettings NONE = new ChartSettings(null);

  public ChartSettings {
    if (splitBy != null && splitBy.isBlank()) {
      splitBy = null;
    }
  }
}
