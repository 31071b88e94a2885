package dev.ycsbmongo.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A shipped example plan made small enough for an integration test, with its shape kept: the same
 * keys, labels, scenarios and {@code report} block (tables, comparisons, charts) as the study's
 * plan, fewer and smaller cells. Every target runs on its own embedded test server
 * ({@code uri: embedded}); document and operation counts are divided, thread counts divided (a
 * target's own) or capped (a sweep), connection counts divided, holds and ramp-ups cut, and the
 * acceptance limits switched off: whether a 1-second cell on a shared 2-core machine is steady, or
 * ran beside other work (two failsafe JVMs and other builds share it), is not what this checks.
 *
 * @param targets the targets kept, by name, in the plan's order (empty: all)
 * @param scenarios the scenarios kept, by name (empty: all)
 * @param countDivisor recordcount and operationcount are divided by it (at least 100 remain)
 * @param threadDivisor a target's or the plan's own thread count is divided by it, rounded up
 * @param sweptThreads the values a thread sweep keeps (of those it has)
 * @param connectionDivisor {@code connections.count} values are divided by it
 */
record ScaledPlan(List<String> targets, List<String> scenarios, long countDivisor, int threadDivisor,
    List<Integer> sweptThreads, int connectionDivisor) {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
      .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER));

  /** Writes the scaled copy of {@code shipped} (a file under workloads/plans/) to {@code dir}. */
  Path write(Path shipped, Path dir) throws IOException {
    ObjectNode plan = (ObjectNode) YAML.readTree(Files.readString(shipped, StandardCharsets.UTF_8));
    keep((ArrayNode) plan.get("targets"), targets);
    keep((ArrayNode) plan.get("scenarios"), scenarios);
    Path workloads = shipped.toAbsolutePath().getParent().getParent();
    for (JsonNode t : plan.get("targets")) {
      ((ObjectNode) t).put("uri", "embedded");
    }
    for (JsonNode s : plan.get("scenarios")) {
      JsonNode w = s.get("workload");
      if (w != null && w.asText().startsWith("../")) {
        ((ObjectNode) s).put("workload", workloads.resolve(w.asText().substring(3)).toString());
      }
    }
    scale(plan, null);
    scaleComparisons(plan.path("report").path("compare"));
    for (JsonNode table : plan.path("report").path("tables")) {
      // a table of scenarios the copy dropped shows those it kept
      if (!scenarios.isEmpty() && table.get("scenarios") instanceof ArrayNode named) {
        for (Iterator<JsonNode> it = named.elements(); it.hasNext();) {
          if (!scenarios.contains(it.next().asText())) {
            it.remove();
          }
        }
      }
    }
    ObjectNode execution = plan.has("execution") ? (ObjectNode) plan.get("execution") : plan.putObject("execution");
    execution.put("rampUp", "0s");
    ObjectNode acceptance = execution.putObject("acceptance");
    acceptance.put("minOperations", 0);
    acceptance.put("minWindow", "0s");
    acceptance.put("precision", "off");
    acceptance.put("maxRise", "off");
    acceptance.put("hostBusy", "off");  // the ITs share this machine with other work: what they check is not the host
    // the spread and stall limits too: a 1-second cell's few intervals say nothing of steadiness, and a pause of the
    // busy machine (one chaining cell in six full runs failed) is not what a study plan's shape test checks
    acceptance.put("maxCv", "off");
    acceptance.put("maxStall", "30s");
    if (execution.has("load") && execution.get("load").has("threads")) {
      ((ObjectNode) execution.get("load")).put("threads", Math.min(4, execution.get("load").get("threads").asInt()));
    }
    Path out = dir.resolve(shipped.getFileName());
    Files.writeString(out, "# scaled copy of " + shipped.getFileName() + " for StudyPlansIT\n"
        + YAML.writeValueAsString(plan), StandardCharsets.UTF_8);
    return out;
  }

  private static void keep(ArrayNode list, List<String> names) {
    if (names.isEmpty()) {
      return;
    }
    for (Iterator<JsonNode> it = list.elements(); it.hasNext();) {
      if (!names.contains(it.next().get("name").asText())) {
        it.remove();
      }
    }
    if (list.size() != names.size()) {
      throw new AssertionError("the shipped plan no longer has all of " + names + ": " + list);
    }
  }

  /** Walks the plan, scaling every count, thread count, connection setting and execution time it meets. */
  private void scale(JsonNode node, String key) {
    if (node instanceof ObjectNode object) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext();) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = e.getValue();
        if (!numeric(v) && !e.getKey().equals("connections.hold") && !e.getKey().equals("server.apply")) {
          scale(v, e.getKey());   // a table's {threads: "heading"} is a heading, not a thread count
          continue;
        }
        switch (e.getKey()) {
          case "recordcount", "operationcount" -> e.setValue(map(v, x -> Math.max(100, x / countDivisor)));
          case "threads", "threadcount" -> e.setValue(v.isArray() ? capped((ArrayNode) v)
              : num(Math.max(1, (v.asLong() + threadDivisor - 1) / threadDivisor)));
          case "connections.count" -> e.setValue(map(v, x -> Math.max(10, x / connectionDivisor)));
          case "connections.hold" -> e.setValue(JsonNodeFactory.instance.textNode("1s"));
          case "connections.rate" -> e.setValue(num(0));
          case "maxexecutiontime" -> e.setValue(num(Math.min(3, v.asLong())));
          case "server.apply" -> e.setValue(JsonNodeFactory.instance.textNode("manual"));
          default -> scale(v, e.getKey());
        }
      }
    } else if (node instanceof ArrayNode array) {
      array.forEach(item -> scale(item, key));
    }
  }

  /**
   * A comparison of two document or operation counts names values that exist only at full scale:
   * scaled as the counts are (the scalar {@code BY=A,B} form and the mapping's {@code by}).
   */
  private void scaleComparisons(JsonNode compare) {
    if (!(compare instanceof ArrayNode list)) {
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      JsonNode entry = list.get(i);
      if (entry.isTextual()) {
        list.set(i, JsonNodeFactory.instance.textNode(scaledSpec(entry.asText())));
      } else if (entry instanceof ObjectNode o && o.has("by")) {
        o.put("by", scaledSpec(o.get("by").asText()));
      }
    }
  }

  private String scaledSpec(String spec) {
    int eq = spec.indexOf('=');
    String by = spec.substring(0, eq);
    if (!by.equals("recordcount") && !by.equals("operationcount")) {
      return spec;
    }
    String[] values = spec.substring(eq + 1).split(",");
    StringBuilder out = new StringBuilder(by).append('=');
    for (int i = 0; i < values.length; i++) {
      out.append(i == 0 ? "" : ",").append(Math.max(100, Long.parseLong(values[i].strip()) / countDivisor));
    }
    return out.toString();
  }

  private static boolean numeric(JsonNode v) {
    if (v.isArray()) {
      for (JsonNode x : v) {
        if (!x.isNumber()) {
          return false;
        }
      }
      return v.size() > 0;
    }
    return v.isNumber();
  }

  private ArrayNode capped(ArrayNode sweep) {
    ArrayNode kept = JsonNodeFactory.instance.arrayNode();
    sweep.forEach(v -> {
      if (sweptThreads.contains(v.asInt())) {
        kept.add(v);
      }
    });
    return kept;
  }

  private static JsonNode map(JsonNode v, java.util.function.LongUnaryOperator f) {
    if (v.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      v.forEach(x -> out.add(f.applyAsLong(x.asLong())));
      return out;
    }
    return num(f.applyAsLong(v.asLong()));
  }

  private static JsonNode num(long v) {
    return JsonNodeFactory.instance.numberNode(v);
  }
}
