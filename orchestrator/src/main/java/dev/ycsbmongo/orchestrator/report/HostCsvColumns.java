package dev.ycsbmongo.orchestrator.report;

import dev.ycsbmongo.orchestrator.host.ClientHostLoad;
import java.util.List;
import java.util.Locale;

/**
 * {@code summary.csv}'s columns for what the client host did during a phase ({@link ClientHostLoad}),
 * present only when some phase was watched, so runs recorded before the watch keep their shape. Shares
 * are fractions of every core's time (0.61 = 61% of the cores), empty where the host did not tell.
 */
final class HostCsvColumns {

  static final List<String> HEAD = List.of("host_others_share", "host_steal_share", "host_our_share",
      "host_load_start", "host_load_end", "host_cpu_model");

  private HostCsvColumns() {
  }

  static List<String> values(ClientHostLoad h) {
    if (h == null) {
      return HEAD.stream().map(c -> "").toList();
    }
    return List.of(share(h.othersShare()), share(h.stealShare()), share(h.ourShare()), SummaryCsv.num(h.loadAverageStart()),
        SummaryCsv.num(h.loadAverageEnd()), h.cpuModel() == null ? "" : h.cpuModel());
  }

  private static String share(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
