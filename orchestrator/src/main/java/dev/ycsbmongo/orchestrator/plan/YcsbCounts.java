package dev.ycsbmongo.orchestrator.plan;

import java.util.Map;
import java.util.OptionalLong;

/**
 * YCSB's own counts of a phase, typed once from its effective properties ({@link EffectiveProperties}: workload
 * file, then the plan's values) when the plan is expanded, with what the orchestrator derives from them. A count
 * is empty when the phase does not set it (YCSB's default applies) or sets something that is not a whole number:
 * the plan check refuses the latter before a run, and YCSB itself would report it.
 *
 * @param recordCount {@code recordcount}
 * @param insertStart {@code insertstart}
 * @param insertCount {@code insertcount}
 * @param operationCount {@code operationcount}
 * @param maxExecutionTimeSeconds {@code maxexecutiontime}
 * @param expectedRecords records a load inserts: insertcount when set, else recordcount (YCSB's rule)
 * @param expectedOperations operations the phase must complete before it may succeed: a load's expected records,
 *     or a run's operationcount when no maxexecutiontime is set (which may end the run first)
 */
public record YcsbCounts(OptionalLong recordCount, OptionalLong insertStart, OptionalLong insertCount,
    OptionalLong operationCount, OptionalLong maxExecutionTimeSeconds, OptionalLong expectedRecords,
    OptionalLong expectedOperations) {

  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";

  /** A phase that sets none of them. */
  public static final YcsbCounts NONE = of(PhaseKind.RUN, Map.of());

  public YcsbCounts {
    java.util.Objects.requireNonNull(recordCount, "recordCount");
    java.util.Objects.requireNonNull(insertStart, "insertStart");
    java.util.Objects.requireNonNull(insertCount, "insertCount");
    java.util.Objects.requireNonNull(operationCount, "operationCount");
    java.util.Objects.requireNonNull(maxExecutionTimeSeconds, "maxExecutionTimeSeconds");
    java.util.Objects.requireNonNull(expectedRecords, "expectedRecords");
    java.util.Objects.requireNonNull(expectedOperations, "expectedOperations");
  }

  /** The counts of a phase of {@code kind} whose effective properties are {@code effective}. */
  public static YcsbCounts of(PhaseKind kind, Map<String, String> effective) {
    OptionalLong records = whole(effective, effective.containsKey(INSERT_COUNT) ? INSERT_COUNT : RECORD_COUNT);
    OptionalLong operations;
    if (kind == PhaseKind.LOAD) {
      operations = records;  // a load cut short leaves a data set no run should read
    } else if (effective.containsKey(MAX_EXECUTION_TIME)) {
      operations = OptionalLong.empty();
    } else {
      operations = whole(effective, OPERATION_COUNT);
    }
    return new YcsbCounts(whole(effective, RECORD_COUNT), whole(effective, INSERT_START), whole(effective, INSERT_COUNT),
        whole(effective, OPERATION_COUNT), whole(effective, MAX_EXECUTION_TIME), records, operations);
  }

  /** True when a positive maxexecutiontime bounds the phase (YCSB ignores 0). */
  public boolean timed() {
    return maxExecutionTimeSeconds.isPresent() && maxExecutionTimeSeconds.getAsLong() > 0;
  }

  private static OptionalLong whole(Map<String, String> props, String key) {
    String v = props.get(key);
    try {
      return v == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(v.trim()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }
}
