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
 */
public record ClientSummary(long runtimeMillis, Map<String, OpTotals> operations) {

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
    return new ClientSummary(runtime, out);
  }
}
