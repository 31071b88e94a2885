package dev.ycsbmongo.orchestrator.report.compare;

import dev.ycsbmongo.orchestrator.report.CellFigures;
import dev.ycsbmongo.orchestrator.report.FigureIntervals;
import dev.ycsbmongo.orchestrator.results.Ci;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.function.Function;

/**
 * The figures a comparison shows: a YCSB cell's as the summary tables read them ({@link CellFigures}),
 * the server's where it was sampled, and a connection-stress cell's (study 5). {@link Sense} decides
 * the words: a speed is faster or slower (more throughput, less latency, a shorter open time), a
 * level higher or lower (more CPU or more connections reached is neither faster nor slower).
 */
public enum Figure {
  THROUGHPUT("Throughput", "ops/s", Sense.HIGHER_IS_FASTER, true, cell(CellFigures::throughput)),
  RAL("RAL", "µs", Sense.LOWER_IS_FASTER, true, cell(CellFigures::ral)),
  WAL("WAL", "µs", Sense.LOWER_IS_FASTER, true, cell(CellFigures::wal)),
  P99_READ("p99 read", "µs", Sense.LOWER_IS_FASTER, true, cell(f -> toDouble(f.p99Read()))),
  P99_WRITE("p99 write", "µs", Sense.LOWER_IS_FASTER, true, cell(f -> toDouble(f.p99Write()))),
  CPU("Primary CPU", "%", Sense.LEVEL, false, cell(CellFigures::cpuPercent), 1),
  QPS("QPS", "ops/s", Sense.LEVEL, false, cell(CellFigures::qps)),
  REACHED("Connections reached", "conns", Sense.LEVEL, false, stress(c -> (double) c.opened())),
  SEEN_BY_SERVER("Seen by server", "conns", Sense.LEVEL, false, stress(c -> toDouble(c.seenByServer()))),
  OPEN_TIME("Open time", "s", Sense.LOWER_IS_FASTER, false, stress(ConnectionStressResult::openSeconds), 2),
  OPEN_P99("Open p99", "ms", Sense.LOWER_IS_FASTER, false, stress(ConnectionStressResult::openLatencyP99Millis), 1),
  CLIENT_BYTES("Client memory per connection", "bytes", Sense.LEVEL, false,
      stress(c -> toDouble(c.clientBytesPerConnection())));

  /** How a change reads: faster/slower when more (or less) is faster, higher/lower for a level. */
  public enum Sense {
    HIGHER_IS_FASTER, LOWER_IS_FASTER, LEVEL
  }

  private final String label;
  private final String unit;
  private final Sense sense;
  private final boolean always;
  private final Function<PhaseResult, Double> value;
  private final int decimals;

  Figure(String label, String unit, Sense sense, boolean always, Function<PhaseResult, Double> value) {
    this(label, unit, sense, always, value, 0);
  }

  Figure(String label, String unit, Sense sense, boolean always, Function<PhaseResult, Double> value, int decimals) {
    this.label = label;
    this.unit = unit;
    this.sense = sense;
    this.always = always;
    this.value = value;
    this.decimals = decimals;
  }

  /** Decimals in the Markdown: none for ops/s and µs, some for seconds, milliseconds and CPU %. */
  public int decimals() {
    return decimals;
  }

  public String label() {
    return label;
  }

  public String unit() {
    return unit;
  }

  public Sense sense() {
    return sense;
  }

  /** False for latencies and times, where less is faster; a level keeps its own sign (higher is higher). */
  public boolean higherIsBetter() {
    return sense != Sense.LOWER_IS_FASTER;
  }

  /**
   * A YCSB figure, whose CSV columns every comparison has; the others (server, connection stress)
   * get columns only when some pair measured them, so runs without them keep their shape.
   */
  public boolean always() {
    return always;
  }

  /**
   * The 95% interval of the figure in one record, from its own steady window; null when it has none (the whole
   * run's figures, server and connection-stress figures, records written before intervals).
   */
  public Ci interval(PhaseResult r) {
    return switch (this) {
      case THROUGHPUT -> FigureIntervals.throughput(r.tableWindow());
      case RAL -> FigureIntervals.ral(r.tableWindow());
      case WAL -> FigureIntervals.wal(r.tableWindow());
      case P99_READ -> FigureIntervals.p99Read(r.tableWindow());
      case P99_WRITE -> FigureIntervals.p99Write(r.tableWindow());
      default -> null;
    };
  }

  /** The figure of one record; null when the phase did not measure it (never 0 for "absent"). */
  public Double of(PhaseResult r) {
    return value.apply(r);
  }

  /** The CSV column prefix: {@code throughput}, {@code ral}, {@code p99_read}. */
  public String column() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  private static Function<PhaseResult, Double> cell(Function<CellFigures, Double> f) {
    return r -> f.apply(CellFigures.of(r));
  }

  private static Function<PhaseResult, Double> stress(Function<ConnectionStressResult, Double> f) {
    return r -> r.connections() == null ? null : f.apply(r.connections());
  }

  private static Double toDouble(Long v) {
    return v == null ? null : v.doubleValue();
  }
}
