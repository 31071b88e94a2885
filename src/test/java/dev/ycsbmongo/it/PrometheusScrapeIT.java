package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.live.PrometheusView;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's {@code prometheus} package, or the binary {@code PROMETHEUS} names) scrapes
 * {@code run --metrics-port 0} every second while the plan runs; its HTTP API then gives back the running
 * phase, the per-operation latency percentiles, and every series the endpoint showed. Skipped, with the
 * reason, where no Prometheus is installed (MetricsEndpointIT still scrapes the endpoint). Against the
 * plan's own embedded test server (not MongoDB).
 */
class PrometheusScrapeIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void prometheusScrapesARunningPlanAndGivesTheSeriesBack(@TempDir Path work) throws Exception {
    Optional<Path> binary = prometheus();
    assumeTrue(binary.isPresent(), "no Prometheus: neither PROMETHEUS nor a prometheus on PATH (apt-get install "
        + "prometheus); the endpoint itself is scraped by MetricsEndpointIT");
    System.out.println("[it] PrometheusScrapeIT runs against: the plan's own embedded test server (uri: embedded), "
        + "scraped by " + binary.get());
    Path plan = Orchestrator.writePlan(work, "prom", MetricsEndpointIT.PLAN.formatted("prom", 12));
    Path results = work.resolve("results");
    int apiPort = freePort();
    String api = "http://127.0.0.1:" + apiPort + "/api/v1/";
    JsonNode[] seen = new JsonNode[4];
    Process[] prometheus = new Process[1];
    try {
      LauncherRun run = Orchestrator.run(work, Map.of(), process -> {
        String url = LiveMetrics.awaitUrl(process, work, Duration.ofMinutes(1));
        prometheus[0] = startPrometheus(binary.get(), work, URI.create(url), apiPort);
        Orchestrator.awaitPhaseAtWork(process, work, 2, Duration.ofMinutes(2));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && process.isAlive() && (seen[0] == null || seen[1] == null)) {
          seen[0] = nonEmpty(query(api, "ycsb_operation_latency_seconds{operation=\"READ\",quantile=\"0.99\"}"));
          seen[1] = nonEmpty(query(api, "ycsb_phase_info{kind=\"run\"}"));
          LiveMetrics.sleep(1000);
        }
        seen[2] = query(api, "up{job=\"ycsb\"}");
      }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain", "--metrics-port", "0");
      assertEquals(0, run.exitCode, run.diagnostics());
      assertTrue(seen[0] != null, "Prometheus stored READ's p99 while the run phase worked; its log:\n" + log(work));
      double p99 = seen[0].get(0).get("value").get(1).asDouble();
      assertTrue(p99 > 0 && p99 < 10, "READ p99 " + p99 + " s");
      assertTrue(seen[1] != null, "the running phase's info series");
      assertEquals("rw", seen[1].get(0).get("metric").get("scenario").asText());
      assertEquals("embedded", seen[1].get(0).get("metric").get("target").asText());
      assertEquals("1", seen[2].get(0).get("value").get(1).asText(), "the scrape target was up: " + seen[2]);

      // read back after the run: every series the endpoint showed is in Prometheus' store
      JsonNode names = get(api + "label/__name__/values").get("data");
      Set<String> stored = new TreeSet<>();
      names.forEach(n -> stored.add(n.asText()));
      Set<String> missing = new TreeSet<>(PrometheusView.NAMES);
      missing.removeAll(stored);
      // shown only when there is something to show: failures (none against the embedded server), the
      // expected operations of a count-bounded phase (the load, which may end before the first scrape) and the ETA
      missing.removeAll(Set.of("ycsb_operation_failures_total", "ycsb_phase_expected_operations",
          "ycsb_plan_eta_seconds"));
      assertTrue(missing.isEmpty(), "series never stored: " + missing + " (stored " + stored + ")");
      // the phases done over the run, second by second: never backwards, 1 (the load) while the run phase ran
      long now = System.currentTimeMillis() / 1000;
      JsonNode range = get(api + "query_range?query=ycsb_plan_phases_done&start=" + (now - 600) + "&end=" + now
          + "&step=1").get("data").get("result");
      List<Integer> done = new java.util.ArrayList<>();
      range.get(0).get("values").forEach(v -> done.add(v.get(1).asInt()));
      for (int i = 1; i < done.size(); i++) {
        assertTrue(done.get(i) >= done.get(i - 1), "phases done went backwards: " + done);
      }
      assertTrue(done.contains(1) && done.get(done.size() - 1) <= 2, "phases done over the run: " + done);
      System.out.printf("[it] PrometheusScrapeIT: READ p99 %.3f ms as stored by Prometheus; %d ycsb series names%n",
          p99 * 1e3, stored.stream().filter(n -> n.startsWith("ycsb_")).count());
    } finally {
      if (prometheus[0] != null) {
        prometheus[0].destroy();
        if (!prometheus[0].waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
          prometheus[0].destroyForcibly();
        }
      }
    }
  }

  /** {@code PROMETHEUS}, else {@code prometheus} on PATH. */
  static Optional<Path> prometheus() {
    String named = System.getenv("PROMETHEUS");
    if (named != null && Files.isExecutable(Path.of(named))) {
      return Optional.of(Path.of(named));
    }
    return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "prometheus")).filter(Files::isExecutable).findFirst();
  }

  private static Process startPrometheus(Path binary, Path work, URI target, int apiPort) {
    try {
      Path config = work.resolve("prometheus.yml");
      Files.writeString(config, """
          global: {scrape_interval: 1s, scrape_timeout: 1s}
          scrape_configs:
            - job_name: ycsb
              static_configs: [{targets: ["%s:%d"]}]
          """.formatted(target.getHost(), target.getPort()), StandardCharsets.UTF_8);
      return new ProcessBuilder(List.of(binary.toString(), "--config.file=" + config,
          "--storage.tsdb.path=" + work.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + apiPort))
          .redirectErrorStream(true).redirectOutput(work.resolve("prometheus.log").toFile()).start();
    } catch (IOException e) {
      throw new AssertionError("cannot start " + binary + ": " + e, e);
    }
  }

  /** The result vector of an instant query; empty while Prometheus is starting. */
  private static JsonNode query(String api, String promql) {
    try {
      JsonNode r = get(api + "query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
      return r.get("data").get("result");
    } catch (IOException e) {
      return JSON.createArrayNode();  // not listening yet
    }
  }

  private static JsonNode get(String url) throws IOException {
    try {
      var r = LiveMetrics.get(url);
      if (r.statusCode() != 200) {
        throw new IOException("HTTP " + r.statusCode() + ": " + r.body());
      }
      return JSON.readTree(r.body());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  private static JsonNode nonEmpty(JsonNode result) {
    return result != null && result.size() > 0 ? result : null;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static String log(Path work) {
    try {
      return Files.readString(work.resolve("prometheus.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
