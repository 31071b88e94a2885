package dev.ycsbmongo.orchestrator.report.charts;

import dev.ycsbmongo.orchestrator.report.AcceptedConnections;
import dev.ycsbmongo.orchestrator.results.ConnectionStressResult;
import dev.ycsbmongo.orchestrator.results.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Study 5's figures as a picture: per instance (target), the connections it was asked for (the largest
 * count), the most it accepted (measured, {@link AcceptedConnections}) and the limit its {@code limit} label
 * states (the document's "Jumlah maksimum koneksi"), side by side. A bar missing means that figure is
 * not there: no label, or no maximum because the client ran out first; the note says so.
 */
final class ConnectionLimitChart {

  static final String ID = "connections-vs-limit";
  /** The target label holding the published limit. */
  static final String LIMIT_LABEL = "limit";

  private ConnectionLimitChart() {
  }

  /**
   * The chart over the connection-stress records (latest attempt each); empty with fewer than two targets
   * (one instance is its table row; the held-connections chart shows it over time).
   */
  static Optional<ChartSpec> plan(List<PhaseResult> latest, String footer) {
    Map<String, List<PhaseResult>> byTarget = new LinkedHashMap<>();
    latest.stream().filter(r -> r.connections() != null)
        .forEach(r -> byTarget.computeIfAbsent(r.target().name(), k -> new ArrayList<>()).add(r));
    if (byTarget.size() < 2) {
      return Optional.empty();
    }
    List<String> targets = new ArrayList<>(byTarget.keySet());
    List<ChartSpec.Point> asked = new ArrayList<>();
    List<ChartSpec.Point> accepted = new ArrayList<>();
    List<ChartSpec.Point> limit = new ArrayList<>();
    List<String> gaps = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      List<PhaseResult> reps = byTarget.get(targets.get(i));
      List<ConnectionStressResult> c = reps.stream().map(PhaseResult::connections).filter(Objects::nonNull).toList();
      asked.add(new ChartSpec.Point(i, c.stream().mapToLong(ConnectionStressResult::requested).max().orElse(0), null));
      Optional<AcceptedConnections> a = AcceptedConnections.of(c);
      if (a.isPresent() && a.get().byClient().isEmpty()) {
        accepted.add(new ChartSpec.Point(i, a.get().accepted(), a.get().limitReached() ? null : "at least"));
      } else {
        gaps.add(targets.get(i) + ": no measured maximum (" + a.map(AcceptedConnections::cause)
            .orElse("interrupted") + ")");
      }
      Optional<Double> published = number(reps.get(0).target().labels().get(LIMIT_LABEL));
      if (published.isPresent()) {
        limit.add(new ChartSpec.Point(i, published.get(), null));
      } else {
        gaps.add(targets.get(i) + ": no " + LIMIT_LABEL + " label");
      }
    }
    List<ChartSpec.Series> series = List.of(new ChartSpec.Series("asked (largest connections.count)", asked),
        new ChartSpec.Series("accepted (measured)", accepted),
        new ChartSpec.Series("limit (label " + LIMIT_LABEL + ", published)", limit));
    String note = "Per instance: the most connections asked for, the most the server accepted (measured: open once"
        + " it began refusing; a bar equal to asked means it refused none, so its limit is at least that), and the"
        + " limit the target's label states." + (gaps.isEmpty() ? "" : " Missing bars: " + String.join("; ", gaps)
        + ".");
    return Optional.of(new ChartSpec(ID, ChartSpec.Kind.BAR, "Connections reached vs limit per instance", "Instance",
        "Connections", false, targets, series, List.of(), note, footer));
  }

  private static Optional<Double> number(String text) {
    if (text == null) {
      return Optional.empty();
    }
    try {
      double v = Double.parseDouble(text.replace(",", "").strip());
      return v > 0 && Double.isFinite(v) ? Optional.of(v) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
