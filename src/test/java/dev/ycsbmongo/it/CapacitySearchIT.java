package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The capacity search against test doubles whose truth is known: a proxy that serves at most R requests per second
 * (the search must report R within 5%), and a proxy that stalls one second in every ten (the intended-time p99
 * the search judges by must show the stall, while YCSB's operation latency p99 hides it). Both in front of an
 * embedded server (not MongoDB); acceptance loosened, as the noisy shared machine's stability is not what is
 * tested, and an SLO wide enough that this machine's own latency is not what fails a step. The rate test runs 16
 * fixed threads (25 operations per second each at R) and a sustain of 90%: at a few operations per second per
 * thread (what Little's law gives for a 250 ms SLO) a 12 s step measured 90-94% of the offer at every rate on this
 * machine, whatever the proxy's rate, which is a measurement edge, not the server's rate.
 *
 * <p>The two methods run at once: each waits on its timed steps, and each has its own work directory, server and
 * proxy on free ports; the stall test's light load (100 ops/s on 2 threads) is no more than what the other IT
 * JVM puts on the machine meanwhile.
 */
class CapacitySearchIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofMinutes(12);

  private static final String PLAN = """
      name: %s
      targets:
        - {name: double, uri: "${DOUBLE_URI}"}
      scenarios:
        - name: capacity
          workload: ${ROOT}/workloads/rw-95-5
          properties:
      %s
      properties:
        recordcount: 500
        operationcount: 100000000
        maxexecutiontime: 12
      execution:
        rampUp: 2s
        targetDownAfter: 5s
        load: {threads: 4}
        acceptance: {minOperations: 10, minWindow: 2s, maxCv: off, maxRise: off, maxStall: 30s}
      """;

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void aServerOfKnownRateIsFoundWithinFivePercent(@TempDir Path work) throws Exception {
    double rate = 400;
    System.out.println("[it] CapacitySearchIT: embedded server (not MongoDB) behind a proxy serving at most " + rate
        + " requests/s");
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
         RateLimitedProxy proxy = new RateLimitedProxy("127.0.0.1", server.port(), rate)) {
      // the search starts at 75% of R: started at 150 (37%), it passed there and doubled to 300 anyway, a 12 s step
      // that only led to this one; the first step must still pass for the double to be observable here (below)
      String props = """
                  capacity.slo: 250ms
                  capacity.sustain: 90%
                  capacity.precision: 5%
                  capacity.start: 300
                  capacity.step: 12s
                  capacity.threads: 16
          """;
      Path runDir = run(work, "rate-it", props, proxy.port(), null);
      // the search's two charts, as files and on the page, whatever this machine let the search find
      try (var charts = Files.list(runDir.resolve("charts"))) {
        List<String> names = charts.map(p -> p.getFileName().toString()).toList();
        assertTrue(names.stream().anyMatch(n -> n.startsWith("capacity-throughput-") && n.endsWith(".svg")), names
            .toString());
        assertTrue(names.stream().anyMatch(n -> n.startsWith("capacity-latency-") && n.endsWith(".png")), names
            .toString());
      }
      String html = Files.readString(runDir.resolve("report.html"), StandardCharsets.UTF_8);
      assertTrue(html.contains("Capacity search, intended-time p99 vs offered rate"), "report.html shows the charts");
      JsonNode search = search(runDir);
      String what = search + "\n" + steps(runDir);
      // the double's truth is only observable when this machine's own latency is within the SLO well below R:
      // on a machine that busy (load 35-50 on 2 cores) a step at 37% of R breached 250 ms by itself
      JsonNode first = steps(runDir).get(0);
      assumeTrue(first.get("outcome").asText().equals("pass"), "[it] CapacitySearchIT: skipped: this machine is too"
          + " busy to resolve the double: the first step, at " + first.get("offered").asText() + " ops/s ("
          + Math.round(100 * first.get("offered").asDouble() / rate) + "% of R), did not pass: "
          + first.get("reason").asText() + " (operation p99 " + Math.round(first.get("operationMicros").asDouble() / 1000)
          + " ms); load " + loadAverage());
      assertEquals("converged", search.get("ending").asText(), what);
      double found = search.get("capacity").asDouble();
      System.out.printf("[it] CapacitySearchIT: capacity %.0f ops/s for a proxy of %.0f/s, %d steps, %.0f s: %s%n",
          found, rate, search.get("steps").asInt(), search.get("seconds").asDouble(), steps(runDir).stream()
              .map(s -> Math.round(s.get("offered").asDouble()) + " " + s.get("outcome").asText()).toList());
      assertTrue(Math.abs(found - rate) <= 0.05 * rate, "found " + found + " for " + rate + "\n" + what);
      assertEquals("intended", search.get("latency").asText());
      String summary = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
      assertTrue(summary.contains("## Capacity"), summary);
    }
  }

  @Test
  @Execution(ExecutionMode.CONCURRENT)
  void aStallOfOneSecondInTenShowsInIntendedP99WhileOperationLatencyHidesIt(@TempDir Path work) throws Exception {
    System.out.println("[it] CapacitySearchIT: embedded server (not MongoDB) behind a proxy that stalls 1 s in 10 s");
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0);
         StallingProxy proxy = new StallingProxy("127.0.0.1", server.port())) {
      timer.scheduleAtFixedRate(() -> {
        proxy.stall();
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        proxy.resume();
      }, 10, 10, TimeUnit.SECONDS);
      // one step at 100 ops/s on 2 threads: a stall holds 2 operations (0.1% of them) for 1 s, and queues the
      // next 100 intended starts (10%) behind it
      String props = """
                  capacity.slo: 10s
                  capacity.start: 100
                  capacity.max: 100
                  capacity.maxSteps: 2
                  capacity.step: 30s
                  capacity.threads: 2
          """;
      Path runDir = run(work, "stall-it", props, proxy.port(), null);
      JsonNode step = steps(runDir).get(0);
      double intended = step.get("intendedP99Micros").asDouble();
      double operation = step.get("operationMicros").asDouble();
      System.out.printf("[it] CapacitySearchIT: stall 1 s in 10: intended p99 %.0f ms, operation p99 %.0f ms%n",
          intended / 1000, operation / 1000);
      assertTrue(intended >= 500_000, "intended p99 should show the 1 s stall: " + step);
      assertTrue(operation < intended / 3, "operation p99 should hide the stall: " + step);
      assertEquals("intended", search(runDir).get("latency").asText());
      String summary = Files.readString(runDir.resolve("summary.md"), StandardCharsets.UTF_8);
      assertTrue(summary.contains("intended-time"), summary);
    } finally {
      timer.shutdownNow();
    }
  }

  private static Path run(Path work, String name, String props, int port, Object unused) throws Exception {
    Path plan = Orchestrator.writePlan(work, name, PLAN.formatted(name, props));
    Path results = work.resolve("results");
    LauncherRun run = LauncherRun.run(work, TIMEOUT, Map.of("DOUBLE_URI", "mongodb://127.0.0.1:" + port + "/ycsb"),
        null, List.of(Orchestrator.launcher().toString(), "run", plan.toString(), "-o", results.toString(),
            "--progress", "plain"));
    assertTrue(!run.stdout.contains("Exception") && !run.stderr.contains("\tat "), run.diagnostics());
    Path runDir = Orchestrator.onlyRunDir(results);
    assertTrue(Files.exists(runDir.resolve("capacity.jsonl")), run.diagnostics());
    return runDir;
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).strip();
    } catch (java.io.IOException e) {
      return "unknown";
    }
  }

  private static List<JsonNode> lines(Path runDir) throws Exception {
    List<JsonNode> out = new ArrayList<>();
    for (String l : Files.readAllLines(runDir.resolve("capacity.jsonl"), StandardCharsets.UTF_8)) {
      out.add(JSON.readTree(l));
    }
    return out;
  }

  private static JsonNode search(Path runDir) throws Exception {
    return lines(runDir).stream().filter(n -> n.get("record").asText().equals("search")).findFirst().orElseThrow();
  }

  private static List<JsonNode> steps(Path runDir) throws Exception {
    return lines(runDir).stream().filter(n -> n.get("record").asText().equals("step")).toList();
  }
}
