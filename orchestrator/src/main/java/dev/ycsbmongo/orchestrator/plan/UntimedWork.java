package dev.ycsbmongo.orchestrator.plan;

import java.util.Locale;
import java.util.OptionalDouble;

/**
 * What the phases without {@code maxexecutiontime} must do before they end, counted from the expanded
 * matrix: the records the loads insert and the operations the runs complete. Their time depends on the
 * server, so {@code validate} says these counts and, given a rate (assumed by the user, or a load's
 * throughput measured in an earlier run), the time they take at it. A data-scale study's 27 loads insert
 * 1.2 billion documents: hidden behind "27 phases have no time limit", that is the larger part of its cost.
 *
 * @param loads untimed loads with a known record count
 * @param inserts the records they insert in all
 * @param runs untimed runs and warm-ups with a known operationcount
 * @param operations the operations they complete in all
 * @param uncounted untimed YCSB phases whose count is not known here (none set: YCSB's default applies);
 *     counted as phases only
 */
public record UntimedWork(long loads, long inserts, long runs, long operations, long uncounted) {

  /** The untimed YCSB work of {@code matrix} (connection stresses are timed by their hold and not counted). */
  public static UntimedWork of(Matrix matrix) {
    long loads = 0;
    long inserts = 0;
    long runs = 0;
    long operations = 0;
    long uncounted = 0;
    for (Phase p : matrix.phases()) {
      if (p.kind() == PhaseKind.CONNECTIONS || p.counts().timed()) {
        continue;
      }
      YcsbCounts c = p.counts();
      if (p.kind() == PhaseKind.LOAD && c.expectedRecords().isPresent()) {
        loads++;
        inserts = MatrixSize.plus(inserts, c.expectedRecords().getAsLong());
      } else if (p.kind() != PhaseKind.LOAD && c.operationCount().isPresent()) {
        runs++;
        operations = MatrixSize.plus(operations, c.operationCount().getAsLong());
      } else {
        uncounted++;
      }
    }
    return new UntimedWork(loads, inserts, runs, operations, uncounted);
  }

  public boolean isEmpty() {
    return loads == 0 && runs == 0 && uncounted == 0;
  }

  /**
   * E.g. {@code unbounded: 27 loads insert 1,215,000,000 records; at an assumed 20,000 operations/s about
   * 16 h 52 min}; without a rate, how to get an estimate. Empty text when every phase is timed.
   *
   * @param ratePerSecond operations (inserts included) per second assumed for the untimed phases, if stated
   */
  public String describe(OptionalDouble ratePerSecond) {
    if (isEmpty()) {
      return "";
    }
    StringBuilder s = new StringBuilder("unbounded: ");
    String sep = "";
    if (loads > 0) {
      s.append(MatrixSize.count(loads)).append(loads == 1 ? " load inserts " : " loads insert ")
          .append(MatrixSize.count(inserts)).append(inserts == 1 ? " record" : " records");
      sep = ", ";
    }
    if (runs > 0) {
      s.append(sep).append(MatrixSize.count(runs)).append(runs == 1 ? " run completes " : " runs complete ")
          .append(MatrixSize.count(operations)).append(operations == 1 ? " operation" : " operations");
      sep = ", ";
    }
    if (uncounted > 0) {
      s.append(sep).append(MatrixSize.count(uncounted)).append(uncounted == 1 ? " phase sets" : " phases set")
          .append(" no count (YCSB's or the workload file's applies)");
    }
    long counted = MatrixSize.plus(inserts, operations);
    if (counted == 0) {
      return s.toString();
    }
    if (ratePerSecond.isEmpty()) {
      return s.append("; their time depends on the server: pass --assume-rate OPS_PER_S (e.g. a load's throughput"
          + " in an earlier run) for an estimate").toString();
    }
    double rate = ratePerSecond.getAsDouble();
    double seconds = counted / rate;
    return s.append(String.format(Locale.ROOT, "; at an assumed %,.0f operations/s (--assume-rate) about %s",
        rate, seconds >= Long.MAX_VALUE ? "more than anyone can wait" : MatrixSize.duration(Math.round(seconds))))
        .toString();
  }
}
