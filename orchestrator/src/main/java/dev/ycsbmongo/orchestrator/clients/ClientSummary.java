package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A client's last frame: it finished, and these are its totals over its whole run, which must be
 * the sums of its interval frames (the reader checks, so a lost interval cannot pass unnoticed).
 *
 * @param runtimeMillis from the client's first interval start to its end
 * @param operations per operation: successful operations and failures by status
 * @param cpuMillis the client JVM's CPU time (user + system) at the end of its run, its start
 *     included; null when the JVM cannot tell (and in frames of clients that predate it)
 * @param cores the processors the client JVM could use ({@code Runtime.availableProcessors()}, in a
 *     pod its CPU limit); null when unknown
 */
public record ClientSummary(long runtimeMillis, Map<String, OpTotals> operations, Long cpuMillis, Integer cores) {

  /** One operation's totals. */
  public record OpTotals(long count, Map<String, Long> errorsByStatus) {

    public OpTotals {
      if (count < 0) {
        throw new IllegalArgumentException("count " + count + " is negative");
      }
      errorsByStatus = Payloads.checkedCounts(errorsByStatus, "errors");
    }

    public long errors() {
      return errorsByStatus.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  public ClientSummary {
    if (runtimeMillis < 0) {
      throw new IllegalArgumentException("runtime " + runtimeMillis + " ms is negative");
    }
    operations = Collections.unmodifiableMap(new TreeMap<>(operations));
    if (cpuMillis != null && cpuMillis < 0) {
      throw new IllegalArgumentException("CPU time " + cpuMillis + " ms is negative");
    }
    if (cores != null && cores < 1) {
      throw new IllegalArgumentException("cores " + cores + " is not a count >= 1");
    }
  }

  /** A summary that does not say the client's CPU. */
  public ClientSummary(long runtimeMillis, Map<String, OpTotals> operations) {
    this(runtimeMillis, operations, null, null);
  }

  String toPayload() {
    ObjectNode o = Payloads.object();
    o.put("runtimeMillis", runtimeMillis);
    ObjectNode ops = o.putObject("operations");
    operations.forEach((op, t) -> {
      ObjectNode x = ops.putObject(op);
      x.put("count", t.count());
      x.set("errors", Payloads.counts(t.errorsByStatus()));
    });
    if (cpuMillis != null) {
      o.put("cpuMillis", cpuMillis);
    }
    if (cores != null) {
      o.put("cores", cores);
    }
    return Payloads.text(o);
  }

  static ClientSummary fromPayload(String payload) throws FrameException {
    FrameType t = FrameType.SUMMARY;
    JsonNode n = Payloads.parse(payload, t);
    long runtime = Payloads.nonNegative(n, "runtimeMillis", t);
    JsonNode ops = n.get("operations");
    if (ops == null || !ops.isObject()) {
      throw new FrameException("summary payload: 'operations' missing or not an object");
    }
    Map<String, OpTotals> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : ops.properties()) {
      if (!e.getValue().isObject()) {
        throw new FrameException("summary payload: 'operations." + e.getKey() + "' is not an object");
      }
      out.put(e.getKey(), new OpTotals(Payloads.nonNegative(e.getValue(), "count", t),
          Payloads.counts(e.getValue(), "errors", t)));
    }
    // optional: frames of clients built before they were added leave them out
    Long cpu = Payloads.optionalLong(n, "cpuMillis", 0, t);
    Long cores = Payloads.optionalLong(n, "cores", 1, t);
    if (cores != null && cores > Integer.MAX_VALUE) {
      throw new FrameException("summary payload: 'cores' is " + cores + ", not a processor count");
    }
    return new ClientSummary(runtime, out, cpu, cores == null ? null : cores.intValue());
  }
}
