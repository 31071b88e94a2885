package dev.ycsbmongo.orchestrator.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
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
 *
 * <p>A line that is not a record this orchestrator reads (garbage, JSON of another shape, a newer schema, a
 * record lacking fields every record has) is left out with a warning naming its line and why, and the rest is
 * read: one bad line must not make a whole run unreadable. The line stays in the file as it is (a newer
 * orchestrator may read it); its cell has no record, so {@code run --resume} runs it again. A record that says
 * it succeeded but holds no figures is read as failed, with that cause: it measured nothing to table.
 */
public final class ResultsReader {

  /** Fields every record has (v2 adds {@code parameters}); a line without them is not a record. */
  private static final List<String> REQUIRED = List.of("plan", "runId", "phaseId", "kind", "scenario", "coordinates",
      "target", "properties", "status");
  /** Skipped lines named one by one; past these, one line counts the rest. */
  public static final int WARNED_LINES = 10;
  static final String NO_FIGURES = "no figures: recorded as succeeded without any throughput or latency, so"
      + " nothing was measured";

  /**
   * The records; warnings about lines left out (a last line cut off by a crash, a line that is not a record) and
   * records read otherwise than written (a success without figures); and the lines skipped.
   */
  public record Read(List<PhaseResult> results, List<String> warnings, List<Skipped> skipped) {

    public Read {
      results = List.copyOf(results);
      warnings = List.copyOf(warnings);
      skipped = List.copyOf(skipped);
    }

    public Read(List<PhaseResult> results, List<String> warnings) {
      this(results, warnings, List.of());
    }
  }

  /** A line of the file that is not a record this orchestrator reads: its 1-based number and why. */
  public record Skipped(int line, String reason) {
  }

  /** Why a line is not a record, worded to follow "record on line N". */
  private static final class NotARecord extends Exception {
    private static final long serialVersionUID = 1L;

    NotARecord(String reason) {
      super(reason, null, false, false);
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
    List<Skipped> skipped = new ArrayList<>();
    Map<String, Integer> attempts = new HashMap<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      boolean last = i == lines.length - 1;  // no newline after it: the write was cut off
      try {
        ObjectNode node = record(line);
        if (noFigures(node)) {
          warnings.add(file + ": record on line " + (i + 1) + " (" + node.path("phaseId").asText() + ") says SUCCEEDED"
              + " but holds no throughput or latency figures: read as failed (no figures)");
          node.put("status", PhaseStatus.FAILED.name());
          node.put("cause", NO_FIGURES);
        }
        PhaseResult r = bind(node);
        int seen = attempts.merge(r.phaseId(), 1, Integer::sum);
        // a file from before attempts were numbered: its lines are in attempt order (one writer appended them)
        results.add(r.attempt() == 0 ? r.asAttempt(seen) : r);
      } catch (NotARecord e) {
        if (last) {
          warnings.add(file + ":" + (i + 1) + ": incomplete last line left out (the run stopped while writing it)");
        } else {
          skipped.add(new Skipped(i + 1, e.getMessage()));
          if (skipped.size() <= WARNED_LINES) {
            warnings.add(file + ": record on line " + (i + 1) + " " + e.getMessage() + ": skipped");
          }
        }
      }
    }
    if (skipped.size() > WARNED_LINES) {
      warnings.add(file + ": " + (skipped.size() - WARNED_LINES) + " more lines skipped, the last on line "
          + skipped.get(skipped.size() - 1).line() + " (not records this orchestrator reads)");
    }
    return new Read(results, warnings, skipped);
  }

  static PhaseResult parse(String line) throws IOException {
    try {
      return bind(record(line));
    } catch (NotARecord e) {
      throw new IOException("record " + e.getMessage());
    }
  }

  /** The line as a record's JSON, v1 lines given their parameters; {@link NotARecord} says why it is none. */
  private static ObjectNode record(String line) throws NotARecord {
    JsonNode node;
    try {
      node = ResultsJson.MAPPER.readTree(line);
    } catch (IOException e) {
      throw new NotARecord("is not JSON (" + firstLine(e instanceof JsonProcessingException j ? j.getOriginalMessage()
          : e.getMessage()) + ")");
    }
    if (!(node instanceof ObjectNode record)) {
      throw new NotARecord("is not a JSON object");
    }
    JsonNode version = record.get("schemaVersion");
    if (version == null || !version.canConvertToInt()) {
      throw new NotARecord("has no schemaVersion");
    }
    if (version.asInt() > PhaseResult.SCHEMA_VERSION || version.asInt() < 1) {
      throw new NotARecord("has schemaVersion " + version.asText() + "; this orchestrator reads up to "
          + PhaseResult.SCHEMA_VERSION + (version.asInt() > PhaseResult.SCHEMA_VERSION ? " (a newer one reads it)" : ""));
    }
    List<String> missing = new ArrayList<>();
    for (String field : REQUIRED) {
      JsonNode value = record.get(field);
      if (value == null || value.isNull()) {
        missing.add(field);
      }
    }
    if (version.asInt() >= 2 && (record.get("parameters") == null || record.get("parameters").isNull())) {
      missing.add("parameters");
    }
    if (!missing.isEmpty()) {
      throw new NotARecord("lacks " + String.join(", ", missing));
    }
    if (version.asInt() < 2 && !record.has("parameters")) {
      record.set("parameters", ResultsJson.MAPPER.valueToTree(v1Parameters(record)));
    }
    return record;
  }

  private static PhaseResult bind(ObjectNode record) throws NotARecord {
    try {
      return ResultsJson.MAPPER.treeToValue(record, PhaseResult.class);
    } catch (IOException | IllegalArgumentException e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String why = root instanceof JsonProcessingException j ? j.getOriginalMessage() : root.getMessage();
      throw new NotARecord("does not read as a result (" + firstLine(why) + ")");
    }
  }

  /**
   * A success without figures: a YCSB phase without its whole-phase figures or throughput, a connection stress
   * without its connection figures. Such a record would show as an ok row of dashes.
   */
  private static boolean noFigures(ObjectNode record) {
    if (!PhaseStatus.SUCCEEDED.name().equals(record.path("status").asText())) {
      return false;
    }
    if (PhaseKind.CONNECTIONS.name().equals(record.path("kind").asText())) {
      return !record.path("connections").isObject();
    }
    return !record.path("full").isObject() || !record.path("throughputOpsPerSec").isNumber();
  }

  /** A parser's message on one line, short, with any connection string masked (a garbage line may hold one). */
  private static String firstLine(String message) {
    String line = message == null ? "unreadable" : message.strip().lines().findFirst().orElse("unreadable");
    line = UriMasker.mask(line);
    return line.length() > 120 ? line.substring(0, 117) + "..." : line;
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
