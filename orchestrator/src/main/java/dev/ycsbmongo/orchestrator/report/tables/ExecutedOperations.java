package dev.ycsbmongo.orchestrator.report.tables;

import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import dev.ycsbmongo.orchestrator.plan.YcsbCounts;
import dev.ycsbmongo.orchestrator.results.OperationStats;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a cell ran, beside what it was configured to run: where {@code maxexecutiontime} ended a cell before
 * its {@code operationcount} (a load's {@code insertcount} or {@code recordcount}), a table's column of that
 * count shows the operations YCSB counted, marked {@value #MARK}, not the configured figure.
 */
public final class ExecutedOperations {

  /** Follows a count the time limit cut short. */
  public static final String MARK = "(time-bounded)";

  /** The note under a table that shows one. */
  public static final String NOTE = "A count marked " + MARK + " is the operations YCSB ran (successful and"
      + " failed) in a cell that maxexecutiontime ended before its configured count, not the configured count.";

  private static final String RMW = "READ-MODIFY-WRITE";

  private ExecutedOperations() {
  }

  /**
   * The operations YCSB ran in the phase, failed ones included: the sum of its operations' counts over the whole
   * run, a READ-MODIFY-WRITE once (YCSB also counts its read and its update); empty when it measured nothing.
   */
  public static OptionalLong of(PhaseResult r) {
    WindowStats w = r.full();
    if (w == null) {
      return OptionalLong.empty();
    }
    long rmw = w.operation(RMW).map(o -> o.count() + o.errors()).orElse(0L);
    return OptionalLong.of(w.operations() + w.failedOperations() - rmw);
  }

  /** Whether column {@code key} is the count of operations the phase was asked to run (by its kind). */
  public static boolean countsOperations(String key, PhaseResult r) {
    if (r.kind() == PhaseKind.LOAD) {
      // a load inserts insertcount when set, else recordcount
      return key.equals(YcsbCounts.INSERT_COUNT) || (key.equals(YcsbCounts.RECORD_COUNT)
          && r.parameters().insertCount() == null);
    }
    return r.kind() == PhaseKind.RUN && key.equals(YcsbCounts.OPERATION_COUNT);
  }

  /** Whether the time limit ended the phase before its configured count. */
  public static boolean timeBounded(PhaseResult r, long configured) {
    OptionalLong ran = of(r);
    return r.parameters().maxExecutionTimeSeconds() != null && ran.isPresent() && ran.getAsLong() < configured;
  }

  /**
   * The value of column {@code key} for a cell: its configured count, or, when the time limit cut some
   * repetition short, the mean of what its repetitions ran, marked. Null when {@code key} is not its count.
   */
  static TableColumns.Value value(String key, String configured, List<PhaseResult> reps) {
    if (configured == null || reps.isEmpty() || !countsOperations(key, reps.get(0))) {
      return null;
    }
    long asked;
    try {
      asked = Long.parseLong(configured.strip());
    } catch (NumberFormatException e) {
      return null;  // not a count YCSB would accept either; shown as written
    }
    List<PhaseResult> ran = reps.stream().filter(r -> of(r).isPresent()).toList();
    if (ran.stream().noneMatch(r -> timeBounded(r, asked))) {
      return null;
    }
    long mean = Math.round(ran.stream().mapToLong(r -> of(r).getAsLong()).average().orElse(0));
    return new TableColumns.Value(mean + " " + MARK, Long.toString(mean));
  }
}
