package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.plan.YcsbCounts;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a phase was asked to do, typed: for a new record, from YCSB's counts the phase carries since its plan was
 * expanded ({@link YcsbCounts}); for a schema v1 line, from its properties map. Either way every record says how
 * many threads and clients drove it whether or not the plan swept them
 * (schema v1 kept threads only inside the command string when they were not a dimension). A field is absent
 * (null) when the phase did not set it and YCSB's own default applied, or when it does not apply to the kind
 * (a connection stress has no YCSB threads).
 *
 * @param target the plan's target the phase ran against
 * @param clients client processes that drove the phase together (1: one YCSB JVM on this host)
 * @param threads YCSB threads per client ({@code -threads}, {@code threadcount})
 * @param recordCount {@code recordcount}
 * @param operationCount {@code operationcount}
 * @param insertStart {@code insertstart}, when set
 * @param insertCount {@code insertcount}, when set
 * @param maxExecutionTimeSeconds {@code maxexecutiontime}, when set
 */
public record PhaseParameters(String target, int clients, Integer threads, Long recordCount, Long operationCount,
    Long insertStart, Long insertCount, Long maxExecutionTimeSeconds) {

  /** The client processes of a phase recorded before records said so (v1): then every phase ran as one. */
  public static final int ONE_CLIENT = 1;

  private static final Pattern THREADS_IN_COMMAND = Pattern.compile("(?:^|\\s)-threads\\s+(\\d+)(?:\\s|$)");

  public PhaseParameters {
    if (clients < 1) {
      throw new IllegalArgumentException("clients must be at least 1, was " + clients);
    }
    if (threads != null && threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, was " + threads);
    }
  }

  /**
   * The parameters of a phase from its YCSB counts, typed when its plan was expanded.
   *
   * @param threads the phase's threads (null when they do not apply to its kind)
   */
  public static PhaseParameters of(String target, int clients, Integer threads, YcsbCounts counts) {
    return new PhaseParameters(target, clients, threads, boxed(counts.recordCount()), boxed(counts.operationCount()),
        boxed(counts.insertStart()), boxed(counts.insertCount()), boxed(counts.maxExecutionTimeSeconds()));
  }

  /** The parameters a record's effective YCSB properties imply (what a v1 line has). */
  static PhaseParameters of(String target, int clients, Integer threads, Map<String, String> properties) {
    return new PhaseParameters(target, clients, threads, number(properties, YcsbCounts.RECORD_COUNT),
        number(properties, YcsbCounts.OPERATION_COUNT), number(properties, YcsbCounts.INSERT_START),
        number(properties, YcsbCounts.INSERT_COUNT), number(properties, YcsbCounts.MAX_EXECUTION_TIME));
  }

  /**
   * The parameters a schema v1 record implies: its properties map, with threads from {@code threadcount} when the
   * plan swept them, else from the {@code -threads} of its command; one client (v1 knew no other).
   */
  public static PhaseParameters fromV1(String target, Map<String, String> properties, String command) {
    Long threads = number(properties, "threadcount");
    if (threads == null && command != null) {
      Matcher m = THREADS_IN_COMMAND.matcher(command);
      threads = m.find() ? Long.valueOf(m.group(1)) : null;
    }
    return of(target, ONE_CLIENT, threads == null || threads < 1 || threads > Integer.MAX_VALUE ? null
        : threads.intValue(), properties);
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }

  /** A whole-number property; absent when unset or not a whole number (YCSB reports the latter itself). */
  private static Long number(Map<String, String> properties, String key) {
    String v = properties.get(key);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
