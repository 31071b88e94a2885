package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.csv}'s columns for what the client host did during a phase ({@link ClientHostLoad}),
 * empty for a phase that was not watched. Shares are
 * percent of every core's time (61.00 = 61% of the cores), empty where the host did not tell.
 */
final class HostCsvColumns {

  static final List<String> HEAD = List.of("host_others_pct", "host_steal_pct", "host_our_pct",
      "host_load_start", "host_load_end", "host_cpu_model", "host_cores");

  private HostCsvColumns() {
  }

  static List<String> values(ClientHostLoad h) {
    if (h == null) {
      return HEAD.stream().map(c -> "").toList();
    }
    return List.of(share(h.othersShare()), share(h.stealShare()), share(h.ourShare()), SummaryCsv.num(h.loadAverageStart()),
        SummaryCsv.num(h.loadAverageEnd()), h.cpuModel() == null ? "" : h.cpuModel(),
        h.cores() == null ? "" : Integer.toString(h.cores()));
  }

  private static String share(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.2f", v * 100);
  }
}
