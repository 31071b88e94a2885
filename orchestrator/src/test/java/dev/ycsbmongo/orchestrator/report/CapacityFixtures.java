package dev.ycsbmongo.orchestrator.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Synthetic {@code capacity.jsonl} lines in the shape CapacityCell writes them: searches whose steps follow the
 * search's own rule (double, cap by what a saturated step achieved, bisect geometrically to 5%).
 */
public final class CapacityFixtures {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CapacityFixtures() {
  }

  /** A step: offered, achieved, threads, intended and operation p99 (µs), outcome, reason. */
  public static Map<String, Object> step(String cell, int n, double offered, double achieved, int threads,
      double intendedMicros, double operationMicros, String outcome, String reason) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("record", "step");
    m.put("cell", cell);
    m.put("phaseId", cell + "/offered=" + (long) offered);
    m.put("step", n);
    m.put("offered", offered);
    m.put("achieved", achieved);
    m.put("threads", threads);
    m.put("percentile", 99.0);
    m.put("intendedMicros", intendedMicros);
    m.put("intendedP50Micros", intendedMicros / 4);
    m.put("intendedP99Micros", intendedMicros);
    m.put("intendedP999Micros", intendedMicros * 1.5);
    m.put("operationMicros", operationMicros);
    m.put("outcome", outcome);
    m.put("reason", reason);
    return m;
  }

  /** A search record; {@code capacity} or {@code failsAbove} null when the search has none. */
  public static Map<String, Object> search(String cell, String target, String scenario, Map<String, String> coords,
      Double capacity, Double failsAbove, Double intendedAtCapacity, String ending, int steps) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("record", "search");
    m.put("cell", cell);
    m.put("target", target);
    m.put("scenario", scenario);
    m.put("coordinates", coords);
    m.put("percentile", 99.0);
    m.put("sloMicros", 10000.0);
    m.put("sustain", 0.95);
    m.put("precision", 0.05);
    m.put("latency", "intended");
    if (capacity != null) {
      m.put("capacity", capacity);
    }
    if (failsAbove != null) {
      m.put("failsAbove", failsAbove);
    }
    if (intendedAtCapacity != null) {
      m.put("intendedP50Micros", intendedAtCapacity / 4);
      m.put("intendedP99Micros", intendedAtCapacity);
      m.put("intendedP999Micros", intendedAtCapacity * 1.5);
      m.put("achieved", capacity);
    }
    m.put("ending", ending);
    m.put("steps", steps);
    m.put("seconds", steps * 16.5);
    m.put("summary", capacity == null ? "no offered rate met p99 <= 10 ms"
        : String.format(java.util.Locale.ROOT, "capacity %.0f ops/s within p99 <= 10 ms", capacity));
    return m;
  }

  static String cell(String target) {
    return "run/" + target + "/rw-95-5/threadcount=4/rep=1";
  }

  /**
   * Target a: 8,000 passes, 16,000 achieves 88% (caps the bracket at 14,100 / 0.95 = 14,842), bisection to
   * 12,235 passing and 12,717 breaching the SLO: capacity 12,235, fails at 12,717.
   */
  public static List<Map<String, Object>> targetA() {
    String c = cell("a");
    return List.of(
        step(c, 1, 8000, 7990, 160, 2100, 900, "pass", "within the SLO: p99 2.10 ms <= 10 ms, achieved 99%"),
        step(c, 2, 16000, 14100, 320, 900000, 3000, "not-sustained", "not sustained: achieved 88% of offered"),
        step(c, 3, 10897, 10880, 218, 4200, 1100, "pass", "within the SLO: p99 4.20 ms <= 10 ms, achieved 99%"),
        step(c, 4, 12717, 12700, 255, 14000, 1500, "slo-breached", "SLO breached: p99 14 ms > 10 ms"),
        step(c, 5, 11772, 11760, 236, 7900, 1300, "pass", "within the SLO: p99 7.90 ms <= 10 ms, achieved 99%"),
        step(c, 6, 12235, 12220, 245, 8600, 1400, "pass", "within the SLO: p99 8.60 ms <= 10 ms, achieved 99%"),
        search(c, "a", "rw-95-5", Map.of("threadcount", "4"), 12235.0, 12717.0, 8600.0, "converged", 6));
  }

  /** Target b: capacity 9,014, fails at 9,232: lower than a, the brackets apart. */
  public static List<Map<String, Object>> targetB() {
    String c = cell("b");
    return List.of(
        step(c, 1, 8000, 7990, 160, 3000, 1000, "pass", "within the SLO: p99 3.00 ms <= 10 ms, achieved 99%"),
        step(c, 2, 16000, 9200, 320, 2000000, 2500, "not-sustained", "not sustained: achieved 57% of offered"),
        step(c, 3, 8802, 8790, 176, 5000, 1100, "pass", "within the SLO: p99 5.00 ms <= 10 ms, achieved 99%"),
        step(c, 4, 9232, 9220, 185, 12000, 1300, "slo-breached", "SLO breached: p99 12 ms > 10 ms"),
        step(c, 5, 9014, 9000, 180, 9100, 1200, "pass", "within the SLO: p99 9.10 ms <= 10 ms, achieved 99%"),
        search(c, "b", "rw-95-5", Map.of("threadcount", "4"), 9014.0, 9232.0, 9100.0, "converged", 5));
  }

  /** Target c: capacity 12,000, fails at 12,600: its bracket overlaps a's. */
  public static List<Map<String, Object>> targetC() {
    String c = cell("c");
    return List.of(
        step(c, 1, 12000, 11990, 240, 6000, 1000, "pass", "within the SLO: p99 6.00 ms <= 10 ms, achieved 99%"),
        step(c, 2, 12600, 12580, 252, 11000, 1200, "slo-breached", "SLO breached: p99 11 ms > 10 ms"),
        search(c, "c", "rw-95-5", Map.of("threadcount", "4"), 12000.0, 12600.0, 6000.0, "converged", 2));
  }

  /** Target d: every step passed up to capacity.max 20,000: known from below only. */
  public static List<Map<String, Object>> targetD() {
    String c = cell("d");
    return List.of(
        step(c, 1, 10000, 9990, 200, 2000, 900, "pass", "within the SLO: p99 2.00 ms <= 10 ms, achieved 99%"),
        step(c, 2, 20000, 19980, 400, 3000, 1000, "pass", "within the SLO: p99 3.00 ms <= 10 ms, achieved 99%"),
        search(c, "d", "rw-95-5", Map.of("threadcount", "4"), 20000.0, null, 3000.0, "at_max", 2));
  }

  @SafeVarargs
  public static List<JsonNode> nodes(List<Map<String, Object>>... searches) {
    List<JsonNode> out = new ArrayList<>();
    for (List<Map<String, Object>> s : searches) {
      s.forEach(m -> out.add(JSON.valueToTree(m)));
    }
    return out;
  }

  /** Writes the searches to {@code runDir}'s capacity.jsonl, one JSON object a line. */
  @SafeVarargs
  public static void write(Path runDir, List<Map<String, Object>>... searches) {
    StringBuilder b = new StringBuilder();
    try {
      for (List<Map<String, Object>> s : searches) {
        for (Map<String, Object> m : s) {
          b.append(JSON.writeValueAsString(m)).append('\n');
        }
      }
      Files.writeString(runDir.resolve(CapacityReport.SOURCE), b.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
