package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.CellFigures;
import java.util.function.Function;

/**
 * The figures a comparison shows, read from {@link CellFigures} exactly as the summary tables read
 * them. The client's figures are speeds: {@code higherIsBetter} decides what "faster" means (more
 * throughput, less latency). The server's (study 3's primary CPU and QPS, from the sampler) are
 * levels, said to be higher or lower: more CPU is neither faster nor slower.
 */
public enum Figure {
  THROUGHPUT("Throughput", "ops/s", true, false, CellFigures::throughput),
  RAL("RAL", "µs", false, false, CellFigures::ral),
  WAL("WAL", "µs", false, false, CellFigures::wal),
  P99_READ("p99 read", "µs", false, false, f -> f.p99Read() == null ? null : f.p99Read().doubleValue()),
  P99_WRITE("p99 write", "µs", false, false, f -> f.p99Write() == null ? null : f.p99Write().doubleValue()),
  CPU("Primary CPU", "%", false, true, CellFigures::cpuPercent),
  QPS("QPS", "ops/s", true, true, CellFigures::qps);

  private final String label;
  private final String unit;
  private final boolean higherIsBetter;
  private final boolean server;
  private final Function<CellFigures, Double> value;

  Figure(String label, String unit, boolean higherIsBetter, boolean server, Function<CellFigures, Double> value) {
    this.label = label;
    this.unit = unit;
    this.higherIsBetter = higherIsBetter;
    this.server = server;
    this.value = value;
  }

  /**
   * A server figure: a level the sampler measured (higher or lower), present only where the server
   * reports it, so its CSV columns appear only when some pair has it.
   */
  public boolean server() {
    return server;
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
