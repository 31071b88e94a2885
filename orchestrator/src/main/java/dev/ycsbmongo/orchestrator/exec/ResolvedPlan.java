package dev.ycsbmongo.orchestrator.exec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import dev.ycsbmongo.orchestrator.plan.Dimension;
import dev.ycsbmongo.orchestrator.plan.Durations;
import dev.ycsbmongo.orchestrator.plan.ErrorRates;
import dev.ycsbmongo.orchestrator.plan.Plan;
import dev.ycsbmongo.orchestrator.plan.Scenario;
import dev.ycsbmongo.orchestrator.plan.Settings;
import dev.ycsbmongo.orchestrator.plan.TableSpec;
import dev.ycsbmongo.orchestrator.plan.Target;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plan as the run understood it, every default filled in and every password masked: the
 * {@code plan.yaml} of a run directory, for people (the run re-reads {@code plan.source.yaml}).
 */
public final class ResolvedPlan {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
      .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

  private ResolvedPlan() {
  }

  public static String yaml(Plan plan) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", plan.name());
    if (plan.description() != null) {
      m.put("description", plan.description());
    }
    m.put("source", plan.source() == null ? null : plan.source().toString());
    m.put("properties", plan.properties());
    List<Object> dims = new ArrayList<>();
    for (Dimension d : plan.dimensions()) {
      dims.add(Map.of("keys", d.keys(), "values", d.tuples()));
    }
    m.put("dimensions", dims);
    List<Object> targets = new ArrayList<>();
    for (Target t : plan.targets()) {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("name", t.name());
      tm.put("uri", t.maskedUri());
      tm.put("labels", t.labels());
      tm.put("properties", asWritten(t.properties()));
      targets.add(tm);
    }
    m.put("targets", targets);
    List<Object> scenarios = new ArrayList<>();
    for (Scenario s : plan.scenarios()) {
      Map<String, Object> sm = new LinkedHashMap<>();
      sm.put("name", s.name());
      sm.put("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT));
      s.workload().ifPresent(w -> sm.put("workload", w.toString()));
      sm.put("properties", asWritten(s.properties()));
      scenarios.add(sm);
    }
    m.put("scenarios", scenarios);
    Settings x = plan.settings();
    Map<String, Object> ex = new LinkedHashMap<>();
    ex.put("repetitions", x.repetitions());
    ex.put("warmup", x.warmup());
    ex.put("load", Map.of("threads", x.loadThreads(), "reload", x.reload().name().toLowerCase(java.util.Locale.ROOT)
        .replace('_', '-'), "verify", x.verifyLoad(), "properties", x.loadProperties()));
    ex.put("phaseTimeout", Durations.format(x.phaseTimeout()));
    ex.put("maxErrorRate", ErrorRates.format(x.maxErrorRate()));
    ex.put("rampUp", Durations.format(x.rampUp()));
    ex.put("statusInterval", Durations.format(x.statusInterval()));
    ex.put("acceptance", x.acceptance().asPlanValues());
    ex.put("onTargetDown", x.onTargetDown().action().name().toLowerCase(java.util.Locale.ROOT));
    ex.put("targetWait", Durations.format(x.onTargetDown().maxWait()));
    ex.put("targetDownAfter", Durations.format(x.onTargetDown().downAfter()));
    m.put("execution", ex);
    Map<String, Object> report = new LinkedHashMap<>();
    if (!plan.comparisons().isEmpty()) {
      // what the report reads back to make the plan's comparisons, on every run and every redraw
      report.put("compare", plan.comparisons().stream().map(ResolvedPlan::comparison).toList());
    }
    if (!plan.describes().isEmpty()) {
      report.put("describes", plan.describes());
    }
    Map<String, Object> charts = new LinkedHashMap<>();
    if (plan.charts().splitBy() != null) {
      charts.put("splitBy", plan.charts().splitBy());
    }
    if (plan.charts().colourBy() != null) {
      charts.put("colourBy", plan.charts().colourBy());
    }
    if (!charts.isEmpty()) {
      report.put("charts", charts);
    }
    if (!plan.tables().isEmpty()) {
      // likewise the shaped tables, in the plan's own syntax
      report.put("tables", plan.tables().stream().map(ResolvedPlan::table).toList());
    }
    if (!report.isEmpty()) {
      m.put("report", report);
    }
    try {
      return dev.ycsbmongo.binding.UriMasker.mask(YAML.writeValueAsString(m));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The scalar form when the entry has no rules, as most plans write it; the mapping form otherwise. */
  private static Object comparison(dev.ycsbmongo.orchestrator.plan.PlanComparison c) {
    if (c.rules().isDefault()) {
      return c.spec().toString();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("by", c.spec().toString());
    if (!c.rules().differing().isEmpty()) {
      m.put("differing", c.rules().differingWords());
    }
    if (!c.rules().rangesOver().isEmpty()) {
      m.put("rangesOver", c.rules().rangesOver());
    }
    return m;
  }

  /** A table spec as the plan wrote it: keys alone, or {KEY: header} where it gave a heading. */
  private static Map<String, Object> table(TableSpec t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", t.name());
    t.title().ifPresent(v -> m.put("title", v));
    if (!t.scenarios().isEmpty()) {
      m.put("scenarios", t.scenarios());
    }
    if (!t.per().isEmpty()) {
      m.put("per", t.per().stream().map(ResolvedPlan::key).toList());
    }
    if (!t.rows().isEmpty()) {
      m.put("rows", t.rows().stream().map(ResolvedPlan::key).toList());
    }
    t.across().ifPresent(k -> m.put("across", key(k)));
    if (!t.acrossHeaders().isEmpty()) {
      m.put("acrossHeaders", t.acrossHeaders());
    }
    m.put("columns", t.columns().stream().map(ResolvedPlan::key).toList());
    if (t.figures() != TableSpec.Figures.WHOLE) {
      m.put("figures", t.figures().key());  // the default left out: plan.yaml as people write it
    }
    return m;
  }

  private static Object key(TableSpec.Key k) {
    return k.header().<Object>map(h -> Map.of(k.written(), h)).orElse(k.written());
  }

  /** One value as a scalar, several as the list that makes them a sweep: as people write them in a plan. */
  private static Map<String, Object> asWritten(Map<String, List<String>> properties) {
    Map<String, Object> m = new LinkedHashMap<>();
    properties.forEach((k, v) -> m.put(k, v.size() == 1 ? v.get(0) : v));
    return m;
  }
}
