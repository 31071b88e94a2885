package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.CellFigures;
import java.util.function.Function;

/**
 * The figures a comparison shows, read from {@link CellFigures} exactly as the summary tables read
 * them. {@code higherIsBetter} decides what "faster" means: more throughput, less latency.
 */
public enum Figure {
  THROUGHPUT("Throughput", "ops/s", true, CellFigures::throughput),
  RAL("RAL", "µs", false, CellFigures::ral),
  WAL("WAL", "µs", false, CellFigures::wal),
  P99_READ("p99 read", "µs", false, f -> f.p99Read() == null ? null : f.p99Read().doubleValue()),
  P99_WRITE("p99 write", "µs", false, f -> f.p99Write() == null ? null : f.p99Write().doubleValue());

  private final String label;
  private final String unit;
  private final boolean higherIsBetter;
  private final Function<CellFigures, Double> value;

  Figure(String label, String unit, boolean higherIsBetter, Function<CellFigures, Double> value) {
    this.label = label;
    this.unit = unit;
    this.higherIsBetter = higherIsBetter;
    this.value = value;
  }

  public String label() {
    return label;
  }

  public String unit() {
    return unit;
  }

  public boolean higherIsBetter() {
    return higherIsBetter;
  }

  /** The figure of one record; null when the phase measured no such operation (never 0 for "absent"). */
  public Double of(CellFigures f) {
    return value.apply(f);
  }

  /** The CSV column prefix: {@code throughput}, {@code ral}, {@code p99_read}. */
  public String column() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
