package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.results.OpCountCheck;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Under a table: how the server's opcounters agree with the operations YCSB counted. Every cell
 * off by more than {@value OpCountCheck#TOLERANCE} (as a fraction) on real MongoDB is named with its
 * figures; otherwise one line gives the range of the ratios. Nothing when no cell was cross-checked
 * (sampling off, or a server without opcounters such as the embedded test server).
 */
final class CrossCheckNotes {

  private CrossCheckNotes() {
  }

  static void render(StringBuilder out, List<PhaseResult> records) {
    List<PhaseResult> checked = records.stream()
        .filter(r -> r.serverMetrics() != null && r.serverMetrics().crossCheck() != null).toList();
    List<Double> ratios = checked.stream().flatMap(r -> r.serverMetrics().crossCheck().comparisons().stream())
        .filter(OpCountCheck.Comparison::compared).map(OpCountCheck.Comparison::ratio).filter(Objects::nonNull).toList();
    if (ratios.isEmpty()) {
      return;
    }
    List<PhaseResult> flagged = checked.stream().filter(r -> r.serverMetrics().crossCheck().flagged()).toList();
    out.append(String.format(Locale.ROOT, "%nCross-check, server opcounters / YCSB operations: %.3f to %.3f over %d cell(s)",
        ratios.stream().mapToDouble(Double::doubleValue).min().orElse(0),
        ratios.stream().mapToDouble(Double::doubleValue).max().orElse(0), checked.size()));
    if (flagged.isEmpty()) {
      out.append(String.format(Locale.ROOT, ", all within %.0f%%.%n", OpCountCheck.TOLERANCE * 100));
      return;
    }
    out.append(String.format(Locale.ROOT, "; **%d cell(s) off by more than %.0f%%**:%n%n", flagged.size(),
        OpCountCheck.TOLERANCE * 100));
    for (PhaseResult r : flagged) {
      out.append("- ").append(MarkdownCells.cell(r.phaseId())).append(": ")
          .append(r.serverMetrics().crossCheck().comparisons().stream().filter(OpCountCheck.Comparison::flagged)
              .map(CrossCheckNotes::describe).collect(Collectors.joining("; ")))
          .append('\n');
    }
  }

  private static String describe(OpCountCheck.Comparison c) {
    return String.format(Locale.ROOT, "%s %,d on the server vs %,d from YCSB (ratio %.3f)", c.operation(),
        c.serverOperations(), c.ycsbOperations(), c.ratio());
  }
}
