package dev.ycsbmongo.orchestrator.clients;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;

/** Strict reading and writing of frame payloads (JSON objects): a missing or mistyped field is named. */
final class Payloads {

  static final ObjectMapper JSON = new ObjectMapper();

  private Payloads() {
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static String text(ObjectNode node) {
    try {
      return JSON.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a frame payload", e);
    }
  }

  static JsonNode parse(String payload, FrameType type) throws FrameException {
    try {
      JsonNode n = JSON.readTree(payload);
      if (n == null || !n.isObject()) {
        throw new FrameException(type.wireName() + " payload is not a JSON object");
      }
      return n;
    } catch (JsonProcessingException e) {
      throw new FrameException(type.wireName() + " payload is not JSON");
    }
  }

  static long longField(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !v.canConvertToExactIntegral() || !v.canConvertToLong()) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not an integer");
    }
    return v.longValue();
  }

  static long nonNegative(JsonNode n, String field, FrameType type) throws FrameException {
    long v = longField(n, field, type);
    if (v < 0) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' is " + v + ", must be >= 0");
    }
    return v;
  }

  static String textField(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual() || v.asText().isEmpty()) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not a non-empty string");
    }
    return v.asText();
  }

  /** A map of name to non-negative count, e.g. errors by YCSB status. */
  static Map<String, Long> counts(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !v.isObject()) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not an object of counts");
    }
    Map<String, Long> out = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      JsonNode c = e.getValue();
      if (!c.canConvertToExactIntegral() || !c.canConvertToLong() || c.longValue() < 0) {
        throw new FrameException(type.wireName() + " payload: '" + field + "." + e.getKey()
            + "' is not a count >= 0");
      }
      out.put(e.getKey(), c.longValue());
    }
    return out;
  }

  static ObjectNode counts(Map<String, Long> counts) {
    ObjectNode o = object();
    new TreeMap<>(counts).forEach(o::put);
    return o;
  }

  /** Checks a map of counts on construction: names non-empty, counts >= 0; returns a sorted copy. */
  static Map<String, Long> checkedCounts(Map<String, Long> counts, String what) {
    Map<String, Long> out = new TreeMap<>();
    counts.forEach((k, v) -> {
      if (k == null || k.isEmpty() || v == null || v < 0) {
        throw new IllegalArgumentException(what + ": '" + k + "' -> " + v + " is not a name with a count >= 0");
      }
      out.put(k, v);
    });
    return java.util.Collections.unmodifiableMap(out);
  }

  /**
   * A field that may be left out (null then), added to a payload after clients were already built;
   * when present it must be an integer >= {@code min} (JSON null is refused: a writer leaves it out).
   */
  static Long optionalLong(JsonNode n, String field, long min, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null) {
      return null;
    }
    if (!v.canConvertToExactIntegral() || !v.canConvertToLong() || v.longValue() < min) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' is " + v + ", not an integer >= " + min
          + " (left out when unknown)");
    }
    return v.longValue();
  }

  /** A field that must be present: an integer, or null for a figure that was not measured. */
  static Long nullableLong(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v != null && v.isNull()) {
      return null;
    }
    return nonNegative(n, field, type);
  }

  /** A field that must be present: a number >= 0, or null for a figure that was not measured. */
  static Double nullableDouble(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !(v.isNull() || v.isNumber()) || v.isNumber() && !(v.doubleValue() >= 0)) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not a number >= 0 or null");
    }
    return v.isNull() ? null : v.doubleValue();
  }

  /** A field that must be present: a string (empty allowed), or null. */
  static String nullableText(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !(v.isNull() || v.isTextual())) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not a string or null");
    }
    return v.isNull() ? null : v.asText();
  }

  static boolean bool(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !v.isBoolean()) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not true/false");
    }
    return v.booleanValue();
  }

  /** A list of non-empty strings. */
  static java.util.List<String> texts(JsonNode n, String field, FrameType type) throws FrameException {
    JsonNode v = n.get(field);
    if (v == null || !v.isArray()) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' missing or not a list of strings");
    }
    java.util.List<String> out = new java.util.ArrayList<>();
    for (JsonNode e : v) {
      if (!e.isTextual() || e.asText().isEmpty()) {
        throw new FrameException(type.wireName() + " payload: '" + field + "' holds " + e + ", not a non-empty string");
      }
      out.add(e.asText());
    }
    return out;
  }

  /** An instant as ISO-8601 text (nanoseconds kept, unlike epoch ms). */
  static java.time.Instant instant(JsonNode n, String field, FrameType type) throws FrameException {
    String v = textField(n, field, type);
    try {
      return java.time.Instant.parse(v);
    } catch (java.time.format.DateTimeParseException e) {
      throw new FrameException(type.wireName() + " payload: '" + field + "' is '" + v + "', not an ISO-8601 instant");
    }
  }

  /** Counts by name in insertion order (per-host figures keep the hosts' order). */
  static Map<String, Long> orderedCounts(JsonNode n, String field, FrameType type) throws FrameException {
    Map<String, Long> sorted = counts(n, field, type);
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    for (java.util.Iterator<String> names = n.get(field).fieldNames(); names.hasNext(); ) {
      String k = names.next();
      out.put(k, sorted.get(k));
    }
    return out;
  }

  static ObjectNode orderedCounts(Map<String, Long> counts) {
    ObjectNode o = object();
    counts.forEach(o::put);
    return o;
  }
}
