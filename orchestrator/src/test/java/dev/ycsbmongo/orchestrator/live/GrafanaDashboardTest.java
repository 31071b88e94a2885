package dev.ycsbmongo.orchestrator.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Grafana dashboard in the repository asks only for metrics the endpoint shows, under their names. */
class GrafanaDashboardTest {

  private static final Path DASHBOARD = Path.of("../docs/grafana/ycsb-mongo.json");
  private static final Pattern METRIC = Pattern.compile("\\bycsb_[a-z0-9_]+");

  @Test
  void everyQueryNamesShownMetricsAndEveryPanelHasAPlace() throws IOException {
    JsonNode dashboard = new ObjectMapper().readTree(DASHBOARD.toFile());
    List<String> exprs = new ArrayList<>();
    Set<Integer> ids = new HashSet<>();
    for (JsonNode panel : dashboard.get("panels")) {
      assertTrue(ids.add(panel.get("id").asInt()), "panel ids are unique: " + panel.get("id"));
      assertTrue(panel.has("gridPos") && panel.get("gridPos").get("w").asInt() > 0, panel.get("title").asText());
      assertFalse(panel.get("targets").isEmpty(), panel.get("title").asText());
      panel.get("targets").forEach(t -> exprs.add(t.get("expr").asText()));
    }
    Set<String> used = new HashSet<>();
    for (String expr : exprs) {
      Matcher m = METRIC.matcher(expr);
      assertTrue(m.find(), "a query of a ycsb metric: " + expr);
      do {
        assertTrue(PrometheusView.NAMES.contains(m.group()), m.group() + " (in " + expr + ") is not shown by the endpoint");
        used.add(m.group());
      } while (m.find());
    }
    // the headline figures of a running plan each have a panel
    for (String name : List.of("ycsb_plan_phases_done", "ycsb_verdicts_total", "ycsb_phase_info",
        "ycsb_operation_throughput_ops_per_second", "ycsb_operation_latency_seconds", "ycsb_operation_failures_total")) {
      assertTrue(used.contains(name), name + " has no panel");
    }
    assertEquals("ycsb-mongo-live", dashboard.get("uid").asText());
  }
}
