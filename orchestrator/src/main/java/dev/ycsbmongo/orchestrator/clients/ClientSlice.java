package dev.ycsbmongo.orchestrator.clients;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's share of a cell, in YCSB's own properties, so each client is a plain YCSB run.
 *
 * <p>A load splits the plan's key range [{@code insertstart}, {@code insertstart + insertcount})
 * (YCSB's defaults: 0 and {@code recordcount - insertstart}) into N consecutive slices; a run splits
 * {@code operationcount}. Slice i gets {@code total / N} plus one of the {@code total % N} left
 * over when i is among the lowest indexes, so the slices cover the total exactly and never overlap.
 * A run limited only by {@code maxexecutiontime} ({@code operationcount} 0) is not split: every
 * client runs for that time. {@code recordcount} is never changed: a run's clients all read over
 * the whole key space.
 *
 * @param overrides the properties to give this client's YCSB on top of the plan's
 * @param description one line for logs, e.g. {@code keys 334..666 (333 of 1000)}
 */
public record ClientSlice(Map<String, String> overrides, String description) {

  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";

  public ClientSlice {
    overrides = Map.copyOf(overrides);
  }

  /**
   * @param props the effective YCSB properties of the cell (the plan's, before slicing)
   * @param load whether the phase is a load ({@code -load}) rather than a run
   */
  public static ClientSlice of(ClientIndex client, Map<String, String> props, boolean load)
      throws ClientArgumentException {
    return load ? load(client, props) : run(client, props);
  }

  private static ClientSlice load(ClientIndex client, Map<String, String> props) throws ClientArgumentException {
    long recordcount = number(props, RECORD_COUNT, 0, 0);
    long insertstart = number(props, INSERT_START, 0, 0);
    long insertcount = number(props, INSERT_COUNT, recordcount - insertstart, 1);
    if (insertcount < client.count()) {
      throw new ClientArgumentException("load of " + insertcount + " records (" + INSERT_COUNT + ", or "
          + RECORD_COUNT + " - " + INSERT_START + ") over " + client.count() + " clients leaves a client none "
          + "(YCSB would read 0 as no limit); accepted: at least one record per client");
    }
    long start = insertstart + offset(insertcount, client);
    long size = size(insertcount, client);
    Map<String, String> o = new LinkedHashMap<>();
    o.put(INSERT_START, Long.toString(start));
    o.put(INSERT_COUNT, Long.toString(size));
    return new ClientSlice(o, "keys " + start + ".." + (start + size - 1) + " (" + size + " of " + insertcount + ")");
  }

  private static ClientSlice run(ClientIndex client, Map<String, String> props) throws ClientArgumentException {
    long operationcount = number(props, OPERATION_COUNT, 0, 0);
    long maxexecutiontime = number(props, MAX_EXECUTION_TIME, 0, 0);
    if (operationcount == 0) {
      if (maxexecutiontime == 0) {
        throw new ClientArgumentException("a run with " + OPERATION_COUNT + " 0 and no " + MAX_EXECUTION_TIME
            + " would never end; accepted: " + OPERATION_COUNT + " >= clients, or " + MAX_EXECUTION_TIME + " > 0");
      }
      return new ClientSlice(Map.of(), "all clients run for " + MAX_EXECUTION_TIME + " " + maxexecutiontime + " s");
    }
    if (operationcount < client.count()) {
      throw new ClientArgumentException(OPERATION_COUNT + " " + operationcount + " over " + client.count()
          + " clients leaves a client none (YCSB would read 0 as no limit); accepted: " + OPERATION_COUNT
          + " >= clients");
    }
    long size = size(operationcount, client);
    return new ClientSlice(Map.of(OPERATION_COUNT, Long.toString(size)),
        size + " of " + operationcount + " operations" + (maxexecutiontime > 0
            ? ", at most " + maxexecutiontime + " s" : ""));
  }

  /**
   * Slice i's size: the quotient, plus one of the remainder for the lowest indexes; the sizes of the
   * N slices differ by at most one and add up to {@code total} (also a connections client's share
   * of {@code connections.count}).
   */
  public static long size(long total, ClientIndex c) {
    return total / c.count() + (c.index() < total % c.count() ? 1 : 0);
  }

  /** Where slice i starts: the sizes of the slices before it. */
  static long offset(long total, ClientIndex c) {
    return (total / c.count()) * c.index() + Math.min(c.index(), total % c.count());
  }

  private static long number(Map<String, String> props, String key, long dflt, long min)
      throws ClientArgumentException {
    String v = props.get(key);
    if (v == null) {
      if (dflt < min) {
        throw new ClientArgumentException(key + " is " + dflt + " (unset or derived); accepted: a whole number >= "
            + min);
      }
      return dflt;
    }
    try {
      long n = Long.parseLong(v.trim());
      if (n < min) {
        throw new ClientArgumentException(key + ": " + n + " is below " + min + "; accepted: a whole number >= " + min);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new ClientArgumentException(key + ": '" + v + "' is not a whole number; accepted: a whole number >= "
          + min);
    }
  }
}
