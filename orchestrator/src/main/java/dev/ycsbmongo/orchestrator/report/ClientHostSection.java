package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The "Client host" section of summary.md (and so of report.html): one line on the machine that ran the
 * clients (CPU model, cores, the load average's range, the most of its cores other processes and the
 * hypervisor took in any one cell), then every cell judged {@code host_busy}, each with what its host did. A
 * run whose phases were not watched (recorded before the watch, or clients elsewhere) has no such section.
 */
public final class ClientHostSection {

  static final String TITLE = "## Client host";

  private ClientHostSection() {
  }

  static void render(StringBuilder out, List<PhaseResult> rows) {
    List<ClientHostLoad> watched = rows.stream().map(PhaseResult::clientHostLoad).filter(Objects::nonNull).toList();
    if (watched.isEmpty()) {
      return;
    }
    out.append('\n').append(TITLE).append("\n\n").append(overview(watched)).append('\n');
    List<PhaseResult> busy = rows.stream().filter(r -> r.status() == PhaseStatus.HOST_BUSY).toList();
    if (busy.isEmpty()) {
      return;
    }
    out.append(String.format(Locale.ROOT, "%n%d %s run while other work used the client host's cores (host_busy,"
        + " limits in execution.acceptance.hostBusy): %s figures describe the target and that work together, so they"
        + " are shown but never compared nor drawn as a success, and `run --resume` runs %s again.%n%n", busy.size(),
        busy.size() == 1 ? "cell was" : "cells were", busy.size() == 1 ? "its" : "their",
        busy.size() == 1 ? "it" : "them"));
    for (PhaseResult r : busy) {
      out.append("- ").append(MarkdownCells.cell(r.phaseId())).append(": ")
          .append(r.clientHostLoad() == null ? "client host not watched" : r.clientHostLoad().describe()).append('\n');
    }
  }

  /**
   * E.g. {@code AMD EPYC 7B13, 2 cores; load average 0.52 to 3.10 over 5 watched phases; other processes used
   * at most 12% of the cores in a phase, steal at most 0.3%.}
   */
  public static String overview(List<ClientHostLoad> watched) {
    Set<String> machines = new LinkedHashSet<>();
    for (ClientHostLoad h : watched) {
      String m = h.cpuModel() == null ? "unknown CPU" : h.cpuModel();
      if (h.cores() != null) {
        m += ", " + h.cores() + (h.cores() == 1 ? " core" : " cores");
        if (h.effectiveCores() != null && h.effectiveCores() < h.cores()) {
          m += String.format(Locale.ROOT, " (%s usable)", trim(h.effectiveCores()));
        }
      }
      machines.add(m);
    }
    StringBuilder s = new StringBuilder(String.join("; ", machines));
    List<Double> loads = watched.stream().flatMap(h -> java.util.stream.Stream.of(h.loadAverageStart(),
        h.loadAverageEnd())).filter(Objects::nonNull).toList();
    String phases = watched.size() + (watched.size() == 1 ? " watched phase" : " watched phases");
    if (loads.isEmpty()) {
      s.append("; load average unknown over ").append(phases);
    } else {
      double lo = loads.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      double hi = loads.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      s.append("; load average ").append(lo == hi ? trim(lo) : trim(lo) + " to " + trim(hi)).append(" over ")
          .append(phases);
    }
    Double others = max(watched, ClientHostLoad::othersShare);
    Double steal = max(watched, ClientHostLoad::stealShare);
    if (others == null && steal == null) {
      return s.append("; CPU use unknown.").toString();
    }
    if (others != null) {
      s.append("; other processes used at most ").append(percent(others)).append(" of the cores in a phase");
    }
    if (steal != null) {
      s.append(others == null ? "; steal at most " : ", steal at most ").append(percent(steal));
    }
    return s.append('.').toString();
  }

  private static Double max(List<ClientHostLoad> watched, Function<ClientHostLoad, Double> f) {
    return watched.stream().map(f).filter(Objects::nonNull).max(Double::compare).orElse(null);
  }

  /** Whole percents above 10%, one decimal below, as {@link ClientHostLoad#describe} writes them. */
  private static String percent(double share) {
    double p = share * 100;
    return p >= 9.95 || p == 0 ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
