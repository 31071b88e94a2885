package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.UriMasker;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The text {@code validate} shows: what a plan will run, phase by phase, before anything runs.
 * Connection strings appear masked; the text is deterministic (tests seal it with a golden file).
 */
public final class MatrixPrinter {

  private MatrixPrinter() {
  }

  public static String render(Matrix matrix) {
    Plan plan = matrix.plan();
    StringBuilder out = new StringBuilder();
    long loads = matrix.phases().stream().filter(p -> p.kind() == PhaseKind.LOAD).count();
    long warmups = matrix.phases().stream().filter(p -> p.kind() == PhaseKind.WARMUP).count();
    long runs = matrix.phases().stream().filter(p -> p.kind() == PhaseKind.RUN).count();
    out.append("plan ").append(plan.name()).append(": ").append(count(matrix.phases().size(), "phase", "phases"))
        .append(" (").append(count(loads, "load", "loads")).append(", ")
        .append(count(warmups, "warm-up", "warm-ups")).append(", ").append(count(runs, "run", "runs"));
    long stress = matrix.phases().stream().filter(p -> p.kind() == PhaseKind.CONNECTIONS).count();
    if (stress > 0) {
      out.append(", ").append(count(stress, "connection stress", "connection stresses"));
    }
    out.append(")\n");
    if (!plan.description().isEmpty()) {
      out.append("  ").append(plan.description().strip().replaceAll("\\s*\\R\\s*", " ")).append('\n');
    }
    for (Target t : plan.targets()) {
      out.append("target ").append(t.name()).append(": ").append(t.maskedUri());
      if (!t.labels().isEmpty()) {
        out.append(" (").append(joined(t.labels(), ", ")).append(')');
      }
      out.append('\n');
    }
    out.append("execution: ").append(execution(plan.settings())).append('\n');
    if (!plan.comparisons().isEmpty()) {
      out.append("compare: ").append(String.join("; ", plan.comparisons().stream().map(MatrixPrinter::comparison)
          .toList())).append('\n');
    }
    if (!plan.describes().isEmpty()) {
      out.append("describes (not matched when pairing): ").append(String.join(", ", plan.describes())).append('\n');
    }
    if (plan.charts().splitBy() != null) {
      out.append("charts: split by ").append(plan.charts().splitBy()).append('\n');
    }
    if (plan.charts().colourBy() != null) {
      out.append("charts: coloured by ").append(plan.charts().colourBy()).append('\n');
    }
    for (TableSpec t : plan.tables()) {
      out.append("table: ").append(table(t)).append('\n');
    }
    Path planDir = plan.source().toAbsolutePath().getParent();
    for (Phase p : matrix.phases()) {
      out.append('\n').append(String.format("%3d %-6s %s  threads=%d  clients=%d%s  dataSet=%s  dependsOn=%s",
          p.index(), p.kind().label(), p.id(), p.threads(), p.clients(), p.distribution().backend() == Backend.LOCAL
              ? "" : "  backend=" + p.distribution().backend().word(), p.dataSet(), p.dependsOn().orElse("-")));
      p.workload().ifPresent(w -> out.append("  workload=").append(display(planDir, w)));
      out.append('\n');
      p.properties().forEach((k, v) -> out.append("      ").append(k).append('=').append(v).append('\n'));
    }
    // belt and braces: no property may hold a URI today, but a password must never reach a console
    return UriMasker.mask(out.toString());
  }

  private static String execution(Settings s) {
    StringBuilder e = new StringBuilder();
    e.append("repetitions=").append(s.repetitions())
        .append(", reload=").append(s.reload() == ReloadPolicy.PER_CELL ? "per-cell" : "per-data-set")
        .append(", loadThreads=").append(s.loadThreads())
        .append(", clients=").append(s.distribution().clients())
        .append(", loadClients=").append(s.loadClients())
        .append(", verifyLoad=").append(s.verifyLoad())
        .append(", phaseTimeout=").append(Durations.format(s.phaseTimeout()))
        .append(", maxErrorRate=").append(ErrorRates.format(s.maxErrorRate()))
        .append(", rampUp=").append(Durations.format(s.rampUp()))
        .append(", statusInterval=").append(Durations.format(s.statusInterval()));
    e.append(", acceptance=").append(s.acceptance().asPlanValues())
        .append(", onTargetDown=").append(s.onTargetDown().action().name().toLowerCase(java.util.Locale.ROOT));
    if (s.distribution().backend() != Backend.LOCAL) {
      e.append(", backend=").append(s.distribution().backend().word());
    }
    s.distribution().kubernetes().ifPresent(k -> e.append(", kubernetes={").append(kubernetes(k))
        .append(s.distribution().backend() == Backend.KUBERNETES ? "}" : "} (unused: backend local)"));
    if (!s.warmup().isEmpty()) {
      e.append(", warmup={").append(joined(new TreeMap<>(s.warmup()), ", ")).append('}');
    }
    if (!s.loadProperties().isEmpty()) {
      e.append(", loadProperties={").append(joined(new TreeMap<>(s.loadProperties()), ", ")).append('}');
    }
    return e.toString();
  }

  /** The kubernetes section in one line, defaults included: what the Jobs will be made of. */
  private static String kubernetes(KubernetesSettings k) {
    List<String> parts = new java.util.ArrayList<>();
    parts.add("namespace=" + k.namespace());
    parts.add("image=" + k.image());
    parts.add("imagePullPolicy=" + k.imagePullPolicy());
    k.serviceAccount().ifPresent(a -> parts.add("serviceAccount=" + a));
    k.context().ifPresent(c -> parts.add("context=" + c));
    if (!k.nodeSelector().isEmpty()) {
      parts.add("nodeSelector={" + joined(k.nodeSelector(), ", ") + "}");
    }
    if (!k.labels().isEmpty()) {
      parts.add("labels={" + joined(k.labels(), ", ") + "}");
    }
    if (!k.requests().isEmpty()) {
      parts.add("requests={" + joined(k.requests(), ", ") + "}");
    }
    if (!k.limits().isEmpty()) {
      parts.add("limits={" + joined(k.limits(), ", ") + "}");
    }
    parts.add("pendingTimeout=" + Durations.format(k.pendingTimeout()));
    parts.add("startDelay=" + Durations.format(k.startDelay()));
    return String.join(", ", parts);
  }

  /** Relative to the plan's directory when inside it, so the text does not depend on where the plan lives. */
  private static String display(Path planDir, Path workload) {
    Path shown = workload.startsWith(planDir) ? planDir.relativize(workload) : workload;
    return shown.toString().replace('\\', '/');
  }

  private static String joined(Map<String, String> map, String separator) {
    return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(separator));
  }

  private static String count(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }

  /** "storage=cloud disk,local SSD (differing: threads; rangesOver: ratio)", or BY=A,B alone. */
  private static String comparison(PlanComparison c) {
    List<String> rules = new java.util.ArrayList<>();
    if (!c.rules().differing().isEmpty()) {
      rules.add("differing: " + String.join(", ", c.rules().differingWords()));
    }
    if (!c.rules().rangesOver().isEmpty()) {
      rules.add("rangesOver: " + String.join(", ", c.rules().rangesOver()));
    }
    return c.spec() + (rules.isEmpty() ? "" : " (" + String.join("; ", rules) + ")");
  }

  /** A shaped table in one line: {@code by-size: per scenario, storage; rows ratio, instance; columns a, b -> tables/by-size.md}. */
  private static String table(TableSpec t) {
    List<String> parts = new java.util.ArrayList<>();
    if (!t.scenarios().isEmpty()) {
      parts.add("scenarios " + String.join(", ", t.scenarios()));
    }
    if (!t.per().isEmpty()) {
      parts.add("per " + keys(t.per()));
    }
    if (!t.rows().isEmpty()) {
      parts.add("rows " + keys(t.rows()));
    }
    t.across().ifPresent(k -> parts.add("across " + k.written()));
    parts.add("columns " + keys(t.columns()));
    return t.name() + ": " + String.join("; ", parts) + " -> tables/" + t.name() + ".md";
  }

  private static String keys(List<TableSpec.Key> keys) {
    return String.join(", ", keys.stream().map(TableSpec.Key::written).toList());
  }
}
