package dev.ycsbmongo.orchestrator.live;

import dev.ycsbmongo.orchestrator.live.LiveState.Current;
import dev.ycsbmongo.orchestrator.live.LiveState.OperationFigures;
import dev.ycsbmongo.orchestrator.live.LiveState.Snapshot;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.results.PhaseStatus;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot.InfoDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The live state as Prometheus metrics, built at each scrape from one {@link LiveState#snapshot()} (so a
 * scrape never sees half of a status line). Names and labels are the contract with dashboards
 * (docs/grafana/ycsb-mongo.json) and are listed in {@link #NAMES}; the per-operation figures are those of
 * YCSB's last status interval (a second by default), not of the whole phase, which the result files hold.
 */
public final class PrometheusView implements MultiCollector {

  /** Every metric family this view can show, as the text format names them (counters with {@code _total}). */
  public static final List<String> NAMES = List.of("ycsb_plan_info", "ycsb_plan_phases", "ycsb_plan_phases_done",
      "ycsb_plan_eta_seconds", "ycsb_verdicts_total", "ycsb_operations_total", "ycsb_errors_total",
      "ycsb_operation_failures_total", "ycsb_phase_info", "ycsb_phase_running", "ycsb_phase_number",
      "ycsb_phase_threads", "ycsb_phase_elapsed_seconds", "ycsb_phase_operations", "ycsb_phase_expected_operations",
      "ycsb_phase_errors", "ycsb_phase_throughput_ops_per_second", "ycsb_operation_throughput_ops_per_second",
      "ycsb_operation_latency_seconds", "ycsb_operation_latency_mean_seconds", "ycsb_operation_latency_max_seconds");

  private final LiveState state;

  public PrometheusView(LiveState state) {
    this.state = state;
  }

  @Override
  public MetricSnapshots collect() {
    Snapshot s = state.snapshot();
    List<MetricSnapshot> out = new ArrayList<>();
    out.add(InfoSnapshot.builder().name("ycsb_plan").help("The running plan and its run directory")
        .dataPoint(InfoDataPointSnapshot.builder().labels(Labels.of("plan", s.plan(), "run_dir", s.runDir())).build())
        .build());
    out.add(gauge("ycsb_plan_phases", "Phases in the plan, every cell and repetition", s.phases()));
    out.add(gauge("ycsb_plan_phases_done", "Phases with a record: ended in this run, or succeeded in the run it resumes",
        s.phasesDone()));
    if (s.etaSeconds() != null) {
      out.add(gauge("ycsb_plan_eta_seconds", "Time left for the whole plan, estimated at the running phase's start",
          s.etaSeconds()));
    }
    CounterSnapshot.Builder verdicts = CounterSnapshot.builder().name("ycsb_verdicts")
        .help("Phases ended in this run, by verdict");
    for (Map.Entry<PhaseStatus, Long> v : s.verdicts().entrySet()) {
      verdicts.dataPoint(CounterDataPointSnapshot.builder().value(v.getValue())
          .labels(Labels.of("status", v.getKey().name().toLowerCase(Locale.ROOT))).build());
    }
    out.add(verdicts.build());
    out.add(counter("ycsb_operations", "Operations done by the phases of this run, as YCSB's status lines count them",
        s.operationsTotal()));
    out.add(counter("ycsb_errors", "Failed operations of this run, as YCSB's status lines count them", s.errorsTotal()));
    CounterSnapshot.Builder failures = CounterSnapshot.builder().name("ycsb_operation_failures")
        .help("Failed operations of this run by operation and YCSB status (READ-FAILED is operation READ, status FAILED)");
    s.failuresTotal().forEach((f, n) -> failures.dataPoint(CounterDataPointSnapshot.builder().value(n)
        .labels(Labels.of("operation", f.operation(), "status", f.status())).build()));
    out.add(failures.build());
    out.add(gauge("ycsb_phase_running", "1 while a phase runs, 0 between phases", s.current() == null ? 0 : 1));
    if (s.current() != null) {
      phase(s.current(), out);
    }
    return new MetricSnapshots(out);
  }

  private static void phase(Current c, List<MetricSnapshot> out) {
    Phase p = c.phase();
    String coordinates = p.coordinates().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
    out.add(InfoSnapshot.builder().name("ycsb_phase").help("The running phase: what it runs, where and how")
        .dataPoint(InfoDataPointSnapshot.builder().labels(Labels.of("id", p.id(), "kind", p.kind().label(),
            "target", p.target(), "scenario", p.scenario(), "coordinates", coordinates,
            "repetition", Integer.toString(p.repetition()))).build())
        .build());
    out.add(gauge("ycsb_phase_number", "The running phase's place among the phases this run runs", c.number()));
    out.add(gauge("ycsb_phase_threads", "YCSB client threads of the running phase", p.threads()));
    if (c.progress() == null) {
      return;
    }
    LiveState.LastStatus last = c.progress();
    out.add(gauge("ycsb_phase_elapsed_seconds", "Seconds since the running phase's YCSB client started",
        last.elapsedSeconds()));
    out.add(gauge("ycsb_phase_operations", "Operations the running phase has done", last.operations()));
    if (last.expectedOperations() != null) {
      out.add(gauge("ycsb_phase_expected_operations", "Operations the running phase will do, when bounded by a count",
          last.expectedOperations()));
    }
    out.add(gauge("ycsb_phase_errors", "Failed operations of the running phase so far", last.errorsSoFar()));
    out.add(gauge("ycsb_phase_throughput_ops_per_second", "The running phase's operations per second over YCSB's "
        + "last status interval", last.currentOpsPerSec()));
    GaugeSnapshot.Builder rate = GaugeSnapshot.builder().name("ycsb_operation_throughput_ops_per_second")
        .help("Operations per second of each measurement over YCSB's last status interval");
    GaugeSnapshot.Builder latency = GaugeSnapshot.builder().name("ycsb_operation_latency_seconds")
        .help("Latency percentiles of each measurement over YCSB's last status interval");
    GaugeSnapshot.Builder mean = GaugeSnapshot.builder().name("ycsb_operation_latency_mean_seconds")
        .help("Mean latency of each measurement over YCSB's last status interval");
    GaugeSnapshot.Builder max = GaugeSnapshot.builder().name("ycsb_operation_latency_max_seconds")
        .help("Largest latency of each measurement over YCSB's last status interval");
    for (OperationFigures f : c.operations()) {
      Labels op = Labels.of("operation", f.operation());
      if (f.opsPerSec() != null) {
        rate.dataPoint(point(op, f.opsPerSec()));
      }
      if (f.meanSeconds() != null) {
        mean.dataPoint(point(op, f.meanSeconds()));
      }
      if (f.maxSeconds() != null) {
        max.dataPoint(point(op, f.maxSeconds()));
      }
      f.quantileSeconds().forEach((q, v) -> latency.dataPoint(point(op.add("quantile", Double.toString(q)), v)));
    }
    out.add(rate.build());
    out.add(latency.build());
    out.add(mean.build());
    out.add(max.build());
  }

  private static GaugeDataPointSnapshot point(Labels labels, double value) {
    return GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
  }

  private static GaugeSnapshot gauge(String name, String help, double value) {
    return GaugeSnapshot.builder().name(name).help(help).dataPoint(point(Labels.EMPTY, value)).build();
  }

  private static CounterSnapshot counter(String name, String help, double value) {
    return CounterSnapshot.builder().name(name).help(help)
        .dataPoint(CounterDataPointSnapshot.builder().value(value).build()).build();
  }
}
