package dev.ycsbmongo.orchestrator.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The capacity searches of a run directory's {@code capacity.jsonl} as typed values, for the charts and the
 * comparison of capacities: each search (its last record, when {@code --resume} ran it again) with the steps
 * that search took (those before it of its own attempt: a search cut short and run again leaves its first
 * steps in the file, numbered from 1 again).
 */
public final class CapacityRecords {

  private static final ObjectMapper JSON = new ObjectMapper();

  private CapacityRecords() {
  }

  /**
   * One step of a search.
   *
   * @param intendedMicros the plan's percentile of intended-time latency; null when the step measured none
   * @param operationMicros the same percentile of YCSB's operation latency; null when none
   */
  public record Step(int number, double offered, double achieved, int threads, Double intendedMicros,
      Double operationMicros, String outcome, String reason) {

    public boolean passed() {
      return "pass".equals(outcome);
    }
  }

  /**
   * One search: what its {@code search} record states, and its steps in the order they ran.
   *
   * @param capacity the highest rate that passed; null when none did
   * @param failsAbove the lowest rate shown to fail; null when none was (every step passed up to
   *     {@code capacity.max}): the capacity is then known from below only
   * @param intendedMicrosAtCapacity the plan's percentile of intended-time latency at the capacity; null without one
   */
  public record Search(String cell, String target, String scenario, Map<String, String> coordinates,
      double percentile, double sloMicros, double sustain, double precision, Double capacity, Double failsAbove,
      Double achievedAtCapacity, Double intendedMicrosAtCapacity, String ending, List<Step> steps) {

    public Search {
      coordinates = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
      steps = List.copyOf(steps);
    }

    /** The cell without its repetition: repetitions of one search share it. */
    public String cellWithoutRepetition() {
      return cell.replaceFirst("/rep=\\d+$", "");
    }

    /** "p99", "p99.9". */
    public String percentileLabel() {
      return "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile)
          : Double.toString(percentile));
    }
  }

  /** The lines of {@code file}, parsed; a line cut off by a killed run is left out (the others still stand). */
  public static List<JsonNode> lines(Path file) throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return lines;
    }
    for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!l.isBlank()) {
        try {
          lines.add(JSON.readTree(l));
        } catch (IOException e) {
          // a line cut off by a killed run: the searches before it still stand
        }
      }
    }
    return lines;
  }

  /** The searches of a run directory, in the order they ended; empty when it searched none. */
  public static List<Search> read(Path runDir) throws IOException {
    return of(lines(runDir.resolve(CapacityReport.SOURCE)));
  }

  /** The searches of parsed {@code capacity.jsonl} lines: the last record of each cell, with its own steps. */
  public static List<Search> of(List<JsonNode> lines) {
    Map<String, Search> byCell = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      JsonNode s = lines.get(i);
      if (!"search".equals(s.path("record").asText())) {
        continue;
      }
      String cell = s.path("cell").asText();
      Map<String, String> coordinates = new LinkedHashMap<>();
      s.path("coordinates").fields().forEachRemaining(e -> coordinates.put(e.getKey(), e.getValue().asText()));
      Double atCapacity = number(s.path("capacity")) == null ? null : intendedAt(lines, i, cell,
          number(s.path("capacity")));
      byCell.remove(cell);  // a search run again ends after the first: it goes where it ended
      byCell.put(cell, new Search(cell, s.path("target").asText(), s.path("scenario").asText(), coordinates,
          s.path("percentile").asDouble(99), s.path("sloMicros").asDouble(), s.path("sustain").asDouble(),
          s.path("precision").asDouble(), number(s.path("capacity")), number(s.path("failsAbove")),
          number(s.path("achieved")), atCapacity, s.path("ending").asText(), stepsBefore(lines, i, cell)));
    }
    return new ArrayList<>(byCell.values());
  }

  /** The steps of the search whose record is line {@code end}: those of its cell since its last step 1. */
  private static List<Step> stepsBefore(List<JsonNode> lines, int end, String cell) {
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < end; i++) {
      JsonNode l = lines.get(i);
      if (!cell.equals(l.path("cell").asText())) {
        continue;
      }
      if ("search".equals(l.path("record").asText())) {
        steps.clear();  // an earlier search of the cell: its steps are not this one's
      } else if ("step".equals(l.path("record").asText())) {
        if (l.path("step").asInt() == 1) {
          steps.clear();
        }
        steps.add(new Step(l.path("step").asInt(), l.path("offered").asDouble(), l.path("achieved").asDouble(),
            l.path("threads").asInt(), positive(l.path("intendedMicros")), positive(l.path("operationMicros")),
            l.path("outcome").asText(), l.path("reason").asText()));
      }
    }
    return steps;
  }

  private static Double intendedAt(List<JsonNode> lines, int end, String cell, double capacity) {
    return stepsBefore(lines, end, cell).stream().filter(st -> st.passed() && st.offered() == capacity)
        .map(Step::intendedMicros).filter(java.util.Objects::nonNull).findFirst().orElse(null);
  }

  private static Double number(JsonNode n) {
    return n.isNumber() && Double.isFinite(n.asDouble()) ? n.asDouble() : null;
  }

  /** A latency as recorded: -1 (or absent) where the step measured none. */
  private static Double positive(JsonNode n) {
    Double v = number(n);
    return v == null || v <= 0 ? null : v;
  }
}
