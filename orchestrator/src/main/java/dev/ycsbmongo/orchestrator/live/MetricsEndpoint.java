package dev.ycsbmongo.orchestrator.live;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;

/**
 * The live metrics over HTTP while a plan runs: {@code GET /metrics} answers in the Prometheus text
 * format (or OpenMetrics, when the scraper asks for it), from the Prometheus Java client's own server on
 * the JDK's {@code com.sun.net.httpserver} (daemon threads: it never holds the JVM). Its own registry, so
 * nothing but the plan's figures is shown.
 */
public final class MetricsEndpoint implements AutoCloseable {

  private final HTTPServer server;
  private final String address;

  private MetricsEndpoint(HTTPServer server, String address) {
    this.server = server;
    this.address = address;
  }

  /**
   * Listens on {@code address:port} (port 0: any free one) and serves {@code state}.
   *
   * @throws IOException when the address cannot be listened on (taken, not this host's)
   */
  public static MetricsEndpoint start(String address, int port, LiveState state) throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new PrometheusView(state));
    return new MetricsEndpoint(HTTPServer.builder().hostname(address).port(port).registry(registry).buildAndStart(),
        address);
  }

  /** The port it listens on (the one chosen when asked for 0). */
  public int port() {
    return server.getPort();
  }

  /** E.g. {@code http://127.0.0.1:9464/metrics}. */
  public String url() {
    String host = address.contains(":") ? "[" + address + "]" : address;
    return "http://" + host + ":" + port() + "/metrics";
  }

  @Override
  public void close() {
    server.close();
  }
}
