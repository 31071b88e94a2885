package dev.ycsbmongo.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.ycsbmongo.orchestrator.exec.ProgressListener.Measurement;
import dev.ycsbmongo.orchestrator.exec.ProgressListener.PhaseProgress;
import dev.ycsbmongo.orchestrator.live.LiveState;
import dev.ycsbmongo.orchestrator.live.MetricsEndpoint;
import dev.ycsbmongo.orchestrator.live.PrometheusView;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.PhaseKind;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the live metrics cost the orchestrator, piece by piece: one status line kept
 * ({@link LiveState#status}, once per status interval), one scrape rendered (collect and the text
 * format, once per scrape), and one whole scrape over HTTP on loopback (the endpoint's threads and this
 * JVM's HTTP client together: process CPU, so an upper bound). Thread CPU medians of {@value #SAMPLES}
 * after as many warm-up rounds. Run by {@code bench/metrics-overhead.sh}.
 */
public final class LiveMetricsBench {

  static final int SAMPLES = 2000;

  private LiveMetricsBench() {
  }

  public static void main(String[] args) throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Phase phase = new Phase(2, "run/local/rw-50-50/threadcount=8/rep=1", PhaseKind.RUN, "local", "rw-50-50",
        Map.of("threadcount", "8"), 1, "local:-", Optional.empty(), Map.of(), 8, false, false, Duration.ofHours(1),
        0.01, Optional.empty());
    LiveState state = new LiveState();
    state.planStarted("bench", Path.of("results/bench"), 40, 40);
    state.phaseStarted(phase, 2, 40, Optional.of(Duration.ofMinutes(30)));
    PrometheusView view = new PrometheusView(state);
    PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();

    long[] status = new long[SAMPLES];
    long[] render = new long[SAMPLES];
    int bytes = 0;
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < SAMPLES; i++) {
        PhaseProgress p = progress(i + round * SAMPLES);
        long c0 = threads.getCurrentThreadCpuTime();
        state.status(phase, p);
        long c1 = threads.getCurrentThreadCpuTime();
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        writer.write(out, view.collect());
        long c2 = threads.getCurrentThreadCpuTime();
        status[i] = c1 - c0;
        render[i] = c2 - c1;
        bytes = out.size();
      }
    }
    Arrays.sort(status);
    Arrays.sort(render);

    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    HttpClient http = HttpClient.newHttpClient();
    int scrapes = 500;
    double httpUs;
    try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, state)) {
      HttpRequest get = HttpRequest.newBuilder(URI.create(endpoint.url())).build();
      for (int i = 0; i < scrapes; i++) {
        http.send(get, HttpResponse.BodyHandlers.ofString());
      }
      long p0 = os.getProcessCpuTime();
      for (int i = 0; i < scrapes; i++) {
        if (http.send(get, HttpResponse.BodyHandlers.ofString()).statusCode() != 200) {
          throw new IllegalStateException("scrape failed");
        }
      }
      httpUs = (os.getProcessCpuTime() - p0) / 1e3 / scrapes;
    }
    double statusUs = status[SAMPLES / 2] / 1e3;
    double renderUs = render[SAMPLES / 2] / 1e3;
    System.out.println("status_line_cpu_us(median)  render_cpu_us(median)  render_cpu_us(p90)  scrape_bytes"
        + "  http_scrape_process_cpu_us(mean)  per_second_at_1_status_1_scrape_us  share_of_one_core");
    double perSecond = statusUs + httpUs;
    System.out.printf(Locale.ROOT, "%27.1f  %21.1f  %18.1f  %12d  %32.1f  %34.1f  %16.3f%%%n", statusUs, renderUs,
        render[SAMPLES * 9 / 10] / 1e3, bytes, httpUs, perSecond, perSecond / 1e6 * 100);
  }

  /** A status interval of rw-50-50 with the binding's checkout measurement: 8,000 operations a second. */
  private static PhaseProgress progress(int second) {
    return new PhaseProgress(second + 1, 8_000L * (second + 1), null, 3600L, 8_000, second / 100,
        List.of(measurement("READ", 4_000, 450), measurement("UPDATE", 3_998, 700),
            measurement("UPDATE-ERROR", 2, 30), measurement("POOL-CHECKOUT", 8_000, 4)));
  }

  private static Measurement measurement(String name, long count, double avgMicros) {
    TreeMap<Double, Double> pct = new TreeMap<>();
    pct.put(90.0, avgMicros * 2);
    pct.put(99.0, avgMicros * 5);
    pct.put(99.9, avgMicros * 12);
    pct.put(99.99, avgMicros * 30);
    return new Measurement(name, count, avgMicros, avgMicros * 40, pct);
  }
}
