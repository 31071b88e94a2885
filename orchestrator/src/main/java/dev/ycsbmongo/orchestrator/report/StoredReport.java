package dev.ycsbmongo.orchestrator.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.ycsbmongo.orchestrator.plan.CellProperty;
import dev.ycsbmongo.orchestrator.plan.ChartSettings;
import dev.ycsbmongo.orchestrator.plan.CompareSpec;
import dev.ycsbmongo.orchestrator.plan.CompareSpecException;
import dev.ycsbmongo.orchestrator.plan.PairingRules;
import dev.ycsbmongo.orchestrator.results.RunDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The report settings a run directory keeps for every redraw: the plan's {@code report} section in
 * plan.yaml (comparisons with their rules, {@code charts.splitBy}) and the comparisons {@code report
 * --compare} remembered in {@value RunDirectory#COMPARISONS}, one a line: {@code BY=A,B}, then
 * tab-separated {@code differing=threads,recordcount}, {@code rangesOver=ratio} and {@code describes=cores,ram}
 * when given. The
 * plan's {@code report.describes} applies to all of them (it says what the targets' labels are). A
 * plan.yaml edited into something unreadable yields none: the tables never depend on it.
 */
public final class StoredReport {

  /** A comparison to make again: its BY=A,B text and rules. */
  public record Redraw(String text, PairingRules rules) {
  }

  private StoredReport() {
  }

  public static ChartSettings charts(String planYaml) {
    JsonNode charts = report(planYaml).path("charts");
    JsonNode split = charts.path("splitBy");
    JsonNode colour = charts.path("colourBy");
    return new ChartSettings(split.isValueNode() ? split.asText() : null, colour.isValueNode() ? colour.asText() : null);
  }

  /** The plan's {@code report.describes}: the target labels no comparison matches. */
  public static List<String> describes(String planYaml) {
    return words(report(planYaml).path("describes"));
  }

  /**
   * The plan's comparisons, then the remembered ones; one per BY=A,B, the remembered rules winning,
   * each with the plan's {@code describes}.
   */
  public static List<Redraw> comparisons(String planYaml, Path remembered) throws IOException {
    List<String> describes = describes(planYaml);
    return all(planYaml, remembered).stream().map(r -> new Redraw(r.text(), r.rules().describing(describes)))
        .toList();
  }

  private static List<Redraw> all(String planYaml, Path remembered) throws IOException {
    Map<String, Redraw> all = new LinkedHashMap<>();
    for (JsonNode n : report(planYaml).path("compare")) {
      if (n.isObject()) {
        String text = n.path("by").asText("");
        all.put(key(text), new Redraw(text, new PairingRules(properties(words(n.path("differing"))),
            words(n.path("rangesOver")))));
      } else if (n.isValueNode()) {
        all.put(key(n.asText()), new Redraw(n.asText(), PairingRules.NONE));
      }
    }
    if (Files.isRegularFile(remembered)) {
      for (String line : Files.readAllLines(remembered, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          Redraw r = parse(line);
          all.put(key(r.text()), r);
        }
      }
    }
    return List.copyOf(all.values());
  }

  /** The remembered line of a comparison. */
  public static String line(CompareSpec spec, PairingRules rules) {
    StringBuilder out = new StringBuilder(spec.toString());
    if (!rules.differing().isEmpty()) {
      out.append("\tdiffering=").append(String.join(",", rules.differingWords()));
    }
    if (!rules.rangesOver().isEmpty()) {
      out.append("\trangesOver=").append(String.join(",", rules.rangesOver()));
    }
    if (!rules.describing().isEmpty()) {
      out.append("\tdescribes=").append(String.join(",", rules.describing()));
    }
    return out.toString();
  }

  static boolean sameComparison(String line, CompareSpec spec) {
    return key(parse(line).text()).equals(key(spec.toString()));
  }

  private static Redraw parse(String line) {
    String[] fields = line.strip().split("\t");
    Set<CellProperty> differing = new LinkedHashSet<>();
    List<String> rangesOver = new ArrayList<>();
    List<String> describes = new ArrayList<>();
    for (int i = 1; i < fields.length; i++) {
      if (fields[i].startsWith("differing=")) {
        differing = properties(List.of(fields[i].substring("differing=".length()).split(",")));
      } else if (fields[i].startsWith("rangesOver=")) {
        rangesOver = List.of(fields[i].substring("rangesOver=".length()).split(","));
      } else if (fields[i].startsWith("describes=")) {
        describes = List.of(fields[i].substring("describes=".length()).split(","));
      }
    }
    return new Redraw(fields[0].strip(), new PairingRules(differing, rangesOver, describes));
  }

  /** BY=A,B as parsed, so that spacing does not make two of one comparison; the text itself when it does not parse. */
  private static String key(String text) {
    try {
      return CompareSpec.parse(text).toString();
    } catch (CompareSpecException e) {
      return text;
    }
  }

  /** Words a plan.yaml or a remembered line names; one it does not know is left out (it was checked when written). */
  private static Set<CellProperty> properties(List<String> words) {
    Set<CellProperty> out = new LinkedHashSet<>();
    words.forEach(w -> CellProperty.named(w).ifPresent(out::add));
    return out;
  }

  private static List<String> words(JsonNode n) {
    List<String> out = new ArrayList<>();
    if (n.isArray()) {
      n.forEach(x -> out.add(x.asText()));
    } else if (n.isValueNode() && !n.asText().isBlank()) {
      out.add(n.asText());
    }
    return out;
  }

  private static JsonNode report(String planYaml) {
    if (planYaml == null) {
      return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
    try {
      JsonNode root = new YAMLMapper().readTree(planYaml);
      return root == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : root.path("report");
    } catch (IOException e) {
      return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
  }
}
