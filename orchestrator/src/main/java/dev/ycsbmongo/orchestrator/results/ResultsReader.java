package dev.ycsbmongo.orchestrator.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code results.jsonl} back into records, in file order: schema v2 lines, and v1 lines with their
 * {@code parameters} filled in from their properties and command ({@link PhaseParameters#fromV1}).
 */
public final class ResultsReader {

  /** The records, and warnings about lines that were left out (a last line cut off by a crash). */
  public record Read(List<PhaseResult> results, List<String> warnings) {

    public Read {
      results = List.copyOf(results);
      warnings = List.copyOf(warnings);
    }
  }

  private ResultsReader() {
  }

  /** Reads {@code runDir/results.jsonl}; a missing file is an empty run. */
  public static Read read(Path runDir) throws IOException {
    Path file = runDir.resolve(ResultsWriter.FILE);
    if (!Files.exists(file)) {
      return new Read(List.of(), List.of());
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String[] lines = text.split("\n", -1);
    List<PhaseResult> results = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Map<String, Integer> attempts = new HashMap<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      boolean last = i == lines.length - 1;  // no newline after it: the write was cut off
      try {
        PhaseResult r = parse(line);
        int seen = attempts.merge(r.phaseId(), 1, Integer::sum);
        // a file from before attempts were numbered: its lines are in attempt order (one writer appended them)
        results.add(r.attempt() == 0 ? r.asAttempt(seen) : r);
      } catch (IOException | IllegalArgumentException e) {
        if (last) {
          warnings.add(file + ":" + (i + 1) + ": incomplete last line left out (the run stopped while writing it)");
        } else {
          throw new IOException(file + ":" + (i + 1) + ": not a result record: " + e.getMessage(), e);
        }
      }
    }
    return new Read(results, warnings);
  }

  static PhaseResult parse(String line) throws IOException {
    JsonNode node = ResultsJson.MAPPER.readTree(line);
    JsonNode version = node.get("schemaVersion");
    if (version == null || !version.canConvertToInt()) {
      throw new IllegalArgumentException("no schemaVersion");
    }
    if (version.asInt() > PhaseResult.SCHEMA_VERSION) {
      throw new IllegalArgumentException("schemaVersion " + version.asInt() + " is newer than this tool reads ("
          + PhaseResult.SCHEMA_VERSION + "); use a newer orchestrator");
    }
    if (version.asInt() < 2 && !node.has("parameters") && node instanceof ObjectNode record) {
      record.set("parameters", ResultsJson.MAPPER.valueToTree(v1Parameters(record)));
    }
    return ResultsJson.MAPPER.treeToValue(node, PhaseResult.class);
  }

  /** What a schema v1 line implies about its phase's parameters (v1 wrote no {@code parameters}). */
  private static PhaseParameters v1Parameters(ObjectNode record) {
    Map<String, String> properties = new LinkedHashMap<>();
    JsonNode p = record.path("properties");
    p.fieldNames().forEachRemaining(k -> properties.put(k, p.get(k).asText()));
    JsonNode target = record.path("target").path("name");
    JsonNode command = record.path("command");
    return PhaseParameters.fromV1(target.isTextual() ? target.asText() : null, properties,
        command.isTextual() ? command.asText() : null);
  }

  /**
   * The last record of each phase id (a resumed run appends new attempts), in order of first appearance.
   * Since one writer at a time appends to a run directory, this is {@link #currentByPhaseId}.
   */
  public static Map<String, PhaseResult> latestByPhaseId(List<PhaseResult> results) {
    Map<String, PhaseResult> latest = new LinkedHashMap<>();
    for (PhaseResult r : results) {
      latest.put(r.phaseId(), r);
    }
    return latest;
  }

  /**
   * The current record of each phase id: the one with the highest {@code attempt} (the later line when two
   * claim the same number, as only a file written by two processes at once could), in order of first
   * appearance. Every other record of the phase is history: count or sum only these.
   */
  public static Map<String, PhaseResult> currentByPhaseId(List<PhaseResult> results) {
    Map<String, PhaseResult> current = new LinkedHashMap<>();
    for (PhaseResult r : results) {
      current.merge(r.phaseId(), r, (old, now) -> now.attempt() >= old.attempt() ? now : old);
    }
    return current;
  }

  /** The highest attempt number recorded for each phase id (0 for none): the next attempt is one more. */
  public static Map<String, Integer> lastAttempts(List<PhaseResult> results) {
    Map<String, Integer> last = new HashMap<>();
    results.forEach(r -> last.merge(r.phaseId(), r.attempt(), Math::max));
    return last;
  }
}
