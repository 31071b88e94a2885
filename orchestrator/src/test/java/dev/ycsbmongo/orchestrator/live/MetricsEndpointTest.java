package dev.ycsbmongo.orchestrator.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The endpoint over HTTP on a loopback port: what a scraper gets, and a port already taken. */
class MetricsEndpointTest {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void servesTheLiveStateInThePrometheusTextFormat() throws Exception {
    try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, PrometheusViewTest.midRun())) {
      assertEquals("http://127.0.0.1:" + endpoint.port() + "/metrics", endpoint.url());
      HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(endpoint.url()))
          .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode());
      assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"),
          r.headers().map().toString());
      assertTrue(r.body().contains("ycsb_operation_latency_seconds{operation=\"READ\",quantile=\"0.99\"} 4.5E-4"),
          r.body());
      assertTrue(r.body().contains("ycsb_phase_info{coordinates=\"threadcount=8\""), r.body());
    }
  }

  @Test
  void aTakenPortIsRefused() throws Exception {
    try (MetricsEndpoint first = MetricsEndpoint.start("127.0.0.1", 0, new LiveState())) {
      assertThrows(IOException.class, () -> MetricsEndpoint.start("127.0.0.1", first.port(), new LiveState()).close());
    }
  }
}
