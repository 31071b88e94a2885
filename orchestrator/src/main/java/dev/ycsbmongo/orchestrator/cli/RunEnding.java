package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.plan.Matrix;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.report.StoredReport;
import dev.ycsbmongo.orchestrator.report.compare.Comparison;
import dev.ycsbmongo.orchestrator.report.compare.ComparisonMarkdown;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import dev.ycsbmongo.orchestrator.results.ResultsReader;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The last lines of a run, what a person reads first when it ends: how many phases got which verdict, the
 * plan's comparisons in a few lines (their throughput findings), and where report.html is. The line after
 * them ({@code results: DIR (...)}) says whether and how to resume.
 */
final class RunEnding {

  /** Findings printed per comparison; the rest is in its Markdown file. */
  static final int HEADLINES = 6;

  private RunEnding() {
  }

  /** The lines; a run directory that cannot be read back is one line saying so (the run itself is recorded). */
  static List<String> lines(RunDirectory dir, Matrix matrix) {
    try {
      return lines(dir, matrix.phases().stream().map(Phase::id).toList());
    } catch (IOException | RuntimeException e) {
      return List.of("verdicts: not counted: " + dir.path() + " could not be read back (" + e.getMessage() + ")");
    }
  }

  /** {@code phaseIds}: every phase of the plan, run or not. */
  static List<String> lines(RunDirectory dir, List<String> phaseIds) throws IOException {
    List<PhaseResult> results = ResultsReader.read(dir.path()).results();
    List<String> lines = new ArrayList<>();
    lines.add(verdicts(phaseIds, ResultsReader.currentByPhaseId(results)));
    lines.addAll(comparisons(dir, results));
    if (Files.isRegularFile(dir.file(RunDirectory.REPORT_HTML))) {
      lines.add("report: " + dir.file(RunDirectory.REPORT_HTML));
    }
    return lines;
  }

  /** E.g. {@code verdicts: 5 phases: 4 succeeded, 1 unstable}; phases without a record count as not run. */
  static String verdicts(List<String> phaseIds, Map<String, PhaseResult> current) {
    Map<PhaseStatus, Integer> counts = new EnumMap<>(PhaseStatus.class);
    int notRun = 0;
    for (String id : phaseIds) {
      PhaseResult r = current.get(id);
      if (r == null) {
        notRun++;
      } else {
        counts.merge(r.status(), 1, Integer::sum);
      }
    }
    List<String> parts = new ArrayList<>();
    counts.forEach((status, n) -> parts.add(n + " " + word(status)));
    if (notRun > 0) {
      parts.add(notRun + " not run");
    }
    int total = phaseIds.size();
    return "verdicts: " + total + (total == 1 ? " phase: " : " phases: ") + String.join(", ", parts);
  }

  private static String word(PhaseStatus s) {
    return s == PhaseStatus.HOST_BUSY ? "on a busy client host" : s.name().toLowerCase(Locale.ROOT);
  }

  /** Each comparison the plan (or report --compare) asked for: its file, then its throughput findings. */
  private static List<String> comparisons(RunDirectory dir, List<PhaseResult> results) throws IOException {
    if (!Files.isRegularFile(dir.file(RunDirectory.PLAN))) {
      return List.of();
    }
    String planYaml = Files.readString(dir.file(RunDirectory.PLAN), StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>();
    for (StoredReport.Redraw r : StoredReport.comparisons(planYaml, dir.file(RunDirectory.COMPARISONS))) {
      Comparison c;
      try {
        c = Comparison.of(results, CompareSpec.parse(r.text()), r.rules());
      } catch (CompareSpecException e) {
        lines.add("comparison " + r.text() + ": not made: " + e.getMessage());  // and no file written
        continue;
      }
      String file = c.spec().fileBase() + ".md";
      List<String> found = ComparisonMarkdown.headlines(c);
      lines.add("comparison " + c.spec().by() + "=" + c.spec().a() + " vs " + c.spec().b() + " (" + file + ")"
          + (found.isEmpty() ? ": no pair of successful cells to compare" : ":"));
      found.stream().limit(HEADLINES).forEach(h -> lines.add("  " + h));
      if (found.size() > HEADLINES) {
        lines.add("  and " + (found.size() - HEADLINES) + " more in " + file);
      }
    }
    return lines;
  }
}
