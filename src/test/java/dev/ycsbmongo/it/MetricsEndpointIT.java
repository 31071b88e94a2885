package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.it.LiveMetrics.Sample;
import dev.ycsbmongo.it.LiveMetrics.Scrape;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --metrics-port 0} scraped over HTTP while its run phase works, as Prometheus would: the text
 * format read line by line, the running phase named, its per-operation throughput and latency percentiles
 * moving, the load's verdict counted; and the port closed once the plan ends. Against the plan's own
 * embedded test server (not MongoDB): the figures are the client's.
 */
class MetricsEndpointIT {

  static final String PLAN = """
      name: %s
      targets: [{name: embedded, uri: embedded}]
      scenarios: [{name: rw, workload: ${ROOT}/workloads/rw-50-50}]
      properties: {recordcount: 1000, operationcount: 100000000, maxexecutiontime: %d, target: 2000}
      execution:
        load: {threads: 2}
        rampUp: 1s
        acceptance: {minOperations: 10, minWindow: 2s, precision: off, maxRise: off, hostBusy: off}
      """;

  @Test
  void scrapesTheRunningPlanAndTheEndpointEndsWithIt(@TempDir Path work) throws Exception {
    System.out.println("[it] MetricsEndpointIT runs against: the plan's own embedded test server (uri: embedded)");
    Path plan = Orchestrator.writePlan(work, "live", PLAN.formatted("live", 10));
    Path results = work.resolve("results");
    List<Scrape> scrapes = new ArrayList<>();
    String[] url = new String[1];
    HttpResponse<?>[] first = new HttpResponse<?>[1];
    LauncherRun run = Orchestrator.run(work, Map.of(), process -> {
      url[0] = LiveMetrics.awaitUrl(process, work, Duration.ofMinutes(1));
      Orchestrator.awaitPhaseAtWork(process, work, 2, Duration.ofMinutes(2));
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      // until two scrapes of the run phase with READ latencies, a second or more apart
      while (System.nanoTime() < deadline && process.isAlive() && withReads(scrapes) < 2) {
        try {
          HttpResponse<String> r = LiveMetrics.get(url[0]);
          first[0] = first[0] == null ? r : first[0];
          scrapes.add(LiveMetrics.parse(r.body()));
        } catch (IOException e) {
          throw new AssertionError("scraping " + url[0] + ": " + e, e);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        LiveMetrics.sleep(1500);
      }
    }, "run", plan.toString(), "-o", results.toString(), "--progress", "plain", "--metrics-port", "0");
    assertEquals(0, run.exitCode, run.diagnostics());
    assertTrue(url[0].startsWith("http://127.0.0.1:"), "bound to loopback by default: " + url[0]);
    assertEquals(200, first[0].statusCode());
    assertTrue(first[0].headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"),
        first[0].headers().map().toString());
    List<Scrape> running = scrapes.stream().filter(s -> readP99(s).isPresent()).toList();
    assertTrue(running.size() >= 2, "two scrapes with READ latencies while the run phase worked: " + scrapes);

    Scrape last = running.get(running.size() - 1);
    Sample phase = last.named("ycsb_phase_info").get(0);
    assertEquals(Map.of("id", phase.labels().get("id"), "kind", "run", "target", "embedded", "scenario", "rw",
        "coordinates", "", "repetition", "1"), phase.labels());
    assertEquals(1.0, last.value("ycsb_phase_running"));
    assertEquals(2.0, last.value("ycsb_plan_phases"), "the load and the run");
    assertEquals(1.0, last.value("ycsb_plan_phases_done"), "the load");
    assertEquals(1.0, last.find("ycsb_verdicts_total", Map.of("status", "succeeded")).orElseThrow().value());
    assertTrue(last.value("ycsb_phase_threads") >= 1);
    double p99 = readP99(last).orElseThrow();
    double p90 = last.find("ycsb_operation_latency_seconds", Map.of("operation", "READ", "quantile", "0.9"))
        .orElseThrow().value();
    assertTrue(p99 > 0 && p99 < 10 && p90 <= p99, "READ p90 " + p90 + " s, p99 " + p99 + " s");
    double reads = last.find("ycsb_operation_throughput_ops_per_second", Map.of("operation", "READ")).orElseThrow()
        .value();
    double updates = last.find("ycsb_operation_throughput_ops_per_second", Map.of("operation", "UPDATE"))
        .orElseThrow().value();
    double all = last.value("ycsb_phase_throughput_ops_per_second");
    assertTrue(reads > 0 && updates > 0, "both operations of rw-50-50 run: " + reads + ", " + updates);
    assertEquals(all, reads + updates, all * 0.05 + 1, "the operations' rates add up to the phase's");
    double before = running.get(0).value("ycsb_operations_total");
    assertTrue(last.value("ycsb_operations_total") > before, "the run's operation count moves between scrapes");
    assertTrue(last.value("ycsb_operations_total") >= 1000, "the load's 1,000 inserts are counted too");

    // the endpoint lives as long as the run: nothing listens once it has ended
    assertThrows(IOException.class, () -> LiveMetrics.get(url[0]));
    System.out.printf("[it] MetricsEndpointIT: %d scrapes, READ p99 %.3f ms, %.0f ops/s%n", scrapes.size(),
        p99 * 1e3, all);
  }

  private static Optional<Double> readP99(Scrape s) {
    return s.find("ycsb_operation_latency_seconds", Map.of("operation", "READ", "quantile", "0.99"))
        .map(Sample::value);
  }

  private static long withReads(List<Scrape> scrapes) {
    return scrapes.stream().filter(s -> readP99(s).isPresent()).count();
  }
}
