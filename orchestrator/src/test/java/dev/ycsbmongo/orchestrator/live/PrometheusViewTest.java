package dev.ycsbmongo.orchestrator.live;

import static dev.ycsbmongo.orchestrator.live.LiveFixtures.LOAD;
import static dev.ycsbmongo.orchestrator.live.LiveFixtures.RUN;
import static dev.ycsbmongo.orchestrator.live.LiveFixtures.measurement;
import static dev.ycsbmongo.orchestrator.live.LiveFixtures.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.results.ResultFixtures;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The metrics a scrape returns while a phase runs, in the Prometheus text format, sealed by a golden file
 * (dashboards and alert rules are written against these names and labels); regenerate with
 * -Dgolden.update=true after a deliberate change.
 */
class PrometheusViewTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden/live-metrics.txt");

  /** A resumed plan of 4 phases, 1 already done; this run's load ended, its run phase two status lines in. */
  static LiveState midRun() {
    AtomicLong clock = new AtomicLong();
    LiveState s = new LiveState(clock::get);
    s.planStarted("quickstart", Path.of("results/quickstart-20261126-090500"), 4, 3);
    s.phaseStarted(LOAD, 1, 3, Optional.empty());
    s.status(LOAD, status(1, 10_000, 10_000, 0, measurement("INSERT", 10_000, 310, 4_000)));
    s.phaseEnded(LOAD, ResultFixtures.load(1, "local", null));
    s.phaseStarted(RUN, 2, 3, Optional.of(Duration.ofSeconds(40)));
    s.status(RUN, status(1, 2_000, 2_000, 0, measurement("READ", 1_000, 200, 900),
        measurement("UPDATE", 1_000, 400, 1_500)));
    clock.set(Duration.ofSeconds(2).toNanos());
    s.status(RUN, status(2, 4_000, 2_000, 2, measurement("READ", 1_000, 150, 700),
        measurement("UPDATE", 998, 350, 1_100), measurement("UPDATE-ERROR", 2, 12, 20)));
    return s;
  }

  static String text(LiveState state) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrometheusTextFormatWriter.create().write(out, new PrometheusView(state).collect());
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void scrapeMidRunMatchesTheGoldenFile() throws IOException {
    String actual = text(midRun());
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(GOLDEN, actual);
    }
    assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), actual);
  }

  @Test
  void everyNamedMetricIsShownMidRun() throws IOException {
    String text = text(midRun());
    for (String name : PrometheusView.NAMES) {
      assertTrue(text.lines().anyMatch(l -> l.startsWith(name + "{") || l.startsWith(name + " ")), name + " in\n" + text);
    }
  }

  @Test
  void betweenPhasesThePhaseSeriesAreGoneAndTheTotalsStay() throws IOException {
    LiveState s = midRun();
    s.phaseEnded(RUN, ResultFixtures.run(2, "local", "rw-50-50", 8, 1, 150, 350, 2_000, 1_998, null));
    String text = text(s);
    assertTrue(text.contains("ycsb_phase_running 0"), text);
    assertTrue(text.lines().noneMatch(l -> l.startsWith("ycsb_phase_info") || l.startsWith("ycsb_operation_latency")),
        text);
    assertTrue(text.contains("ycsb_operations_total 14000"), text);
    assertTrue(text.contains("ycsb_verdicts_total{status=\"succeeded\"} 2"), text);
    assertTrue(text.contains("ycsb_plan_phases_done 3"), text);
  }
}
