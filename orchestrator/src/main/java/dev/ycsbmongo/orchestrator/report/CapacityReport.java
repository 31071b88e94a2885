package dev.ycsbmongo.orchestrator.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ycsbmongo.orchestrator.OutputFiles;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity table of a run whose plan searched for capacities ({@code capacity.slo}): one row per search (max
 * rate within the SLO, intended p50/p99/p99.9 there, steps, time) and each search's steps with their verdicts, in
 * summary.md and {@code capacity.csv}, from the run directory's {@code capacity.jsonl} alone.
 */
public final class CapacityReport {

  public static final String SOURCE = "capacity.jsonl";
  public static final String CSV = "capacity.csv";
  static final String CSV_HEADER = "target,scenario,cell,percentile,slo_ms,sustain,precision,latency,"
      + "capacity_ops_per_sec,fails_above_ops_per_sec,intended_p50_ms,intended_p99_ms,intended_p999_ms,steps,seconds,"
      + "ending";

  private CapacityReport() {
  }

  /**
   * Writes capacity.csv, and the comparison of capacities ({@link CapacityComparison}) when the plan searched a
   * scenario more than once; returns summary.md's capacity section. Nothing is written when the run searched none.
   */
  public static String write(RunDirectory dir) throws IOException {
    Path source = dir.file(SOURCE);
    if (!Files.isRegularFile(source)) {
      return "";
    }
    List<JsonNode> lines = CapacityRecords.lines(source);
    OutputFiles.writeString(dir.file(CSV), csv(lines));
    List<CapacityComparison.Row> rows = CapacityComparison.rows(CapacityRecords.of(lines));
    Path md = dir.file(CapacityComparison.FILE_BASE + ".md");
    Path csv = dir.file(CapacityComparison.FILE_BASE + ".csv");
    if (rows.isEmpty()) {
      // a comparison an earlier report wrote from other records would stand as if it were this run's
      Files.deleteIfExists(md);
      Files.deleteIfExists(csv);
    } else {
      OutputFiles.writeString(md, CapacityComparison.markdown(rows));
      OutputFiles.writeString(csv, CapacityComparison.csv(rows));
    }
    return markdown(lines);
  }

  /** summary.md's capacity section alone, writing nothing (report.html redrawn after {@code report --compare}). */
  public static String section(RunDirectory dir) throws IOException {
    return markdown(CapacityRecords.lines(dir.file(SOURCE)));
  }

  static String csv(List<JsonNode> lines) {
    StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
    for (JsonNode s : searches(lines)) {
      out.append(String.join(",", csvText(s.path("target").asText()), csvText(s.path("scenario").asText()),
          csvText(s.path("cell").asText()), num(s.path("percentile")), csvMs(s.path("sloMicros")),
          num(s.path("sustain")), num(s.path("precision")), s.path("latency").asText(), num(s.path("capacity")),
          num(s.path("failsAbove")), csvMs(s.path("intendedP50Micros")), csvMs(s.path("intendedP99Micros")),
          csvMs(s.path("intendedP999Micros")), num(s.path("steps")), num(s.path("seconds")), s.path("ending").asText()))
          .append('\n');
    }
    return out.toString();
  }

  static String markdown(List<JsonNode> lines) {
    List<JsonNode> searches = searches(lines);
    if (searches.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("\n## Capacity within the SLO\n\n");
    md.append("The highest offered rate (YCSB `-target`, open loop) whose achieved throughput kept up (at least the"
        + " sustain share) and whose intended-time latency percentile stayed within the SLO, found to the stated"
        + " precision. Latency here is intended-time (YCSB `measurement.interval=both`): measured from when each"
        + " operation should have started at the offered rate, so time queued behind a slow or stalled server"
        + " counts. YCSB's operation latency (from when the operation actually started) hides such stalls and is"
        + " shown per step for comparison only. \"Fails at\" is the lowest rate shown to fail: the capacity lies"
        + " between the two.\n\n");
    md.append("| Target | Scenario | Cell | SLO | Capacity (ops/s) | Fails at (ops/s) | p50 (ms) | p99 (ms) |"
        + " p99.9 (ms) | Steps | Time (s) | Search |\n");
    md.append("|:---|:---|:---|:---|---:|---:|---:|---:|---:|---:|---:|:---|\n");
    for (JsonNode s : searches) {
      md.append("| ").append(cell(s.path("target").asText())).append(" | ").append(cell(s.path("scenario").asText()))
          .append(" | ").append(cell(coordinates(s.path("coordinates")))).append(" | ")
          .append(String.format(Locale.ROOT, "p%s <= %s ms, %s%% sustained", trim(s.path("percentile").asDouble()),
              trim(s.path("sloMicros").asDouble() / 1000), trim(s.path("sustain").asDouble() * 100)))
          .append(" | ").append(rate(s.path("capacity"))).append(" | ").append(rate(s.path("failsAbove")))
          .append(" | ").append(ms(s.path("intendedP50Micros"))).append(" | ").append(ms(s.path("intendedP99Micros")))
          .append(" | ").append(ms(s.path("intendedP999Micros"))).append(" | ").append(s.path("steps").asInt())
          .append(" | ").append(String.format(Locale.ROOT, "%.0f", s.path("seconds").asDouble())).append(" | ")
          .append(cell(s.path("summary").asText())).append(" |\n");
    }
    if (!CapacityComparison.rows(CapacityRecords.of(lines)).isEmpty()) {
      md.append("\nThe capacities of a scenario searched more than once (targets, settings) are compared, each with"
          + " what its bracket allows, in `").append(CapacityComparison.FILE_BASE).append(".md` (and `.csv`).\n");
    }
    for (JsonNode s : searches) {
      String id = s.path("cell").asText();
      String p = "p" + trim(s.path("percentile").asDouble());
      md.append("\n### Steps of ").append(cell(id)).append("\n\n");
      md.append("| Step | Offered (ops/s) | Achieved (ops/s) | Achieved / offered | Threads | Intended-time ").append(p)
          .append(" (ms) | Operation ").append(p).append(" (ms) | Verdict |\n");
      md.append("|---:|---:|---:|---:|---:|---:|---:|:---|\n");
      for (JsonNode st : lines) {
        if (st.path("record").asText().equals("step") && st.path("cell").asText().equals(id)) {
          md.append("| ").append(st.path("step").asInt()).append(" | ").append(rate(st.path("offered"))).append(" | ")
              .append(rate(st.path("achieved"))).append(" | ")
              // rounded down as the verdict rounds it: 57.5% reads 57% in both, never "58%" beside "achieved 57%"
              .append(String.format(Locale.ROOT, "%.0f%%", Math.floor(100 * st.path("achieved").asDouble()
                  / Math.max(1e-9, st.path("offered").asDouble()))))
              .append(" | ").append(st.path("threads").asInt()).append(" | ").append(ms(st.path("intendedMicros")))
              .append(" | ").append(ms(st.path("operationMicros"))).append(" | ").append(cell(st.path("reason").asText()))
              .append(" |\n");
        }
      }
    }
    return md.toString();
  }

  private static List<JsonNode> searches(List<JsonNode> lines) {
    return lines.stream().filter(n -> n.path("record").asText().equals("search")).toList();
  }

  private static String coordinates(JsonNode c) {
    List<String> parts = new ArrayList<>();
    c.fields().forEachRemaining(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
    return parts.isEmpty() ? "-" : String.join(", ", parts);
  }

  private static String rate(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? "-" : String.format(Locale.ROOT, "%,.0f", n.asDouble());
  }

  private static String ms(JsonNode micros) {
    if (micros.isMissingNode() || micros.isNull() || micros.asDouble() < 0) {
      return "";
    }
    double ms = micros.asDouble() / 1000;
    return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.3g", ms);
  }

  /** Milliseconds as a number for the CSV, to the microsecond. */
  private static String csvMs(JsonNode micros) {
    return micros.isMissingNode() || micros.isNull() || micros.asDouble() < 0 ? "" : trim(micros.asDouble() / 1000);
  }

  private static String num(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? "" : trim(n.asDouble());
  }

  private static String trim(double d) {
    if (d == Math.rint(d)) {
      return Long.toString((long) d);
    }
    return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", d)).stripTrailingZeros().toPlainString();
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }

  private static String csvText(String text) {
    return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
  }
}
