package dev.ycsbmongo.orchestrator.metrics;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bson.Document;

/**
 * The figures the sampler reads from one {@code serverStatus} reply, and when the reply arrived.
 * Every figure is null when the reply lacks it (the embedded server reports almost nothing; CPU
 * times exist only on Linux; {@code wiredTiger} only with that engine).
 *
 * @param receivedAt when the reply arrived (client clock): interval lengths are measured on it
 * @param uptimeSeconds {@code uptimeMillis} / 1000, else {@code uptime}: a drop means a restart
 * @param host {@code host} as the server names itself
 * @param process {@code process}: {@code mongod}, {@code mongos}, or {@code java} for the embedded server
 * @param opcounters, opcountersRepl cumulative counts by operation ({@link #OPERATIONS} that are present)
 * @param connectionsCurrent, connectionsAvailable gauges; connectionsTotalCreated cumulative
 * @param networkBytesIn, networkBytesOut cumulative
 * @param cpuTimeMicros {@code extra_info.user_time_us + system_time_us}: the process's CPU time (Linux)
 * @param residentMb {@code mem.resident}
 * @param cacheUsedBytes, cacheDirtyBytes {@code wiredTiger.cache} gauges
 * @param opLatencyMicros, opLatencyOps {@code opLatencies.<type>.latency} (total µs the server spent on that
 *     type's operations) and {@code .ops}, cumulative, by {@link #LATENCY_TYPES} that are present; null when the
 *     reply has no {@code opLatencies} (the embedded server leaves it out)
 */
public record ServerStatusSnapshot(Instant receivedAt, Double uptimeSeconds, String host, String process,
    Map<String, Long> opcounters, Map<String, Long> opcountersRepl, Long connectionsCurrent,
    Long connectionsAvailable, Long connectionsTotalCreated, Long networkBytesIn, Long networkBytesOut,
    Long cpuTimeMicros, Long residentMb, Long cacheUsedBytes, Long cacheDirtyBytes, Map<String, Long> opLatencyMicros,
    Map<String, Long> opLatencyOps) {

  /** The {@code opcounters} keys, in MongoDB's order. */
  public static final List<String> OPERATIONS = List.of("insert", "query", "update", "delete", "getmore", "command");

  /** The {@code opLatencies} sections, in MongoDB's order. */
  public static final List<String> LATENCY_TYPES = List.of("reads", "writes", "commands", "transactions");

  /** The value of {@code process} in the embedded server's (mongo-java-server's) reply. */
  static final String EMBEDDED_PROCESS = "java";

  public ServerStatusSnapshot {
    Objects.requireNonNull(receivedAt, "receivedAt");
    opcounters = opcounters == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(opcounters));
    opcountersRepl = opcountersRepl == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(opcountersRepl));
    opLatencyMicros = opLatencyMicros == null ? null
        : Collections.unmodifiableMap(new LinkedHashMap<>(opLatencyMicros));
    opLatencyOps = opLatencyOps == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(opLatencyOps));
  }

  /**
   * Reads a {@code serverStatus} reply. Numbers are read as {@link Number} throughout: the same
   * field is Int32, Int64 or Double depending on the server version and the value's size.
   */
  public static ServerStatusSnapshot parse(Document reply, Instant receivedAt) {
    Number uptimeMillis = number(reply, "uptimeMillis");
    Number uptime = number(reply, "uptime");
    Double uptimeSeconds = uptimeMillis != null ? uptimeMillis.doubleValue() / 1000.0
        : uptime != null ? uptime.doubleValue() : null;
    Document connections = section(reply, "connections");
    Document network = section(reply, "network");
    Document extra = section(reply, "extra_info");
    Document mem = section(reply, "mem");
    Document cache = section(section(reply, "wiredTiger"), "cache");
    Long userMicros = longValue(extra, "user_time_us");
    Long systemMicros = longValue(extra, "system_time_us");
    Document latencies = section(reply, "opLatencies");
    return new ServerStatusSnapshot(receivedAt, uptimeSeconds, reply.get("host") instanceof String h ? h : null,
        reply.get("process") instanceof String p ? p : null, counters(section(reply, "opcounters")),
        counters(section(reply, "opcountersRepl")), longValue(connections, "current"),
        longValue(connections, "available"), longValue(connections, "totalCreated"), longValue(network, "bytesIn"),
        longValue(network, "bytesOut"), userMicros == null || systemMicros == null ? null : userMicros + systemMicros,
        longValue(mem, "resident"), longValue(cache, "bytes currently in the cache"),
        longValue(cache, "tracked dirty bytes in the cache"), latencyField(latencies, "latency"),
        latencyField(latencies, "ops"));
  }

  /**
   * One field ({@code latency} or {@code ops}) of every {@code opLatencies} type that has both: a type
   * with only one of them could not be averaged, so it is left out of both maps alike.
   */
  private static Map<String, Long> latencyField(Document latencies, String field) {
    if (latencies == null) {
      return null;
    }
    Map<String, Long> values = new LinkedHashMap<>();
    for (String type : LATENCY_TYPES) {
      Document d = section(latencies, type);
      Long latency = longValue(d, "latency");
      Long ops = longValue(d, "ops");
      if (latency != null && ops != null) {
        values.put(type, field.equals("ops") ? ops : latency);
      }
    }
    return values.isEmpty() ? null : values;
  }

  /**
   * Whether {@code connections.current} is a count. The embedded server answers a constant 1
   * there, whatever is connected, and nothing else in {@code connections}: shown as a figure it
   * would look like a measurement.
   */
  public boolean connectionsCounted() {
    return connectionsCurrent != null && !EMBEDDED_PROCESS.equals(process);
  }

  /**
   * The number of incoming connections the server would accept: {@code connections.current + available}. It is
   * the effective limit, not the configured one: on Unix mongod caps {@code net.maxIncomingConnections} by a share
   * of its open-files limit, a managed service may cap it further, and {@code available} is what is left of the
   * lowest. Null when the server does not count connections or leaves out {@code available}.
   */
  public Long connectionsLimit() {
    return connectionsCounted() && connectionsAvailable != null ? connectionsCurrent + connectionsAvailable : null;
  }

  /** {@code current / (current + available)} x 100; null when {@link #connectionsLimit()} is, or is 0. */
  public Double connectionsUtilisationPercent() {
    Long limit = connectionsLimit();
    return limit == null || limit <= 0 ? null : connectionsCurrent * 100.0 / limit;
  }

  private static Map<String, Long> counters(Document section) {
    if (section == null) {
      return null;
    }
    Map<String, Long> values = new LinkedHashMap<>();
    for (String op : OPERATIONS) {
      Long v = longValue(section, op);
      if (v != null) {
        values.put(op, v);
      }
    }
    return values.isEmpty() ? null : values;
  }

  private static Document section(Document parent, String key) {
    return parent != null && parent.get(key) instanceof Document d ? d : null;
  }

  private static Number number(Document parent, String key) {
    return parent != null && parent.get(key) instanceof Number n ? n : null;
  }

  private static Long longValue(Document parent, String key) {
    Number n = number(parent, key);
    return n == null ? null : n.longValue();
  }
}
