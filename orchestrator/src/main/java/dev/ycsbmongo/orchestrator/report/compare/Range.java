package dev.ycsbmongo.orchestrator.report.compare;

/**
 * The changes of one figure over a group of pairs: the whole scenario ({@code group} empty), or the
 * pairs of a scenario sharing one label value ({@code group} "ratio=1:2"), as study 1 states "7% to
 * 50% faster at 1:2". min, max and mean are percentages over the pairs whose change is present.
 */
public record Range(String title, String group, Figure figure, int cells, int notSignificant, double min, double max,
    double mean) {
}
