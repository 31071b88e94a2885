package dev.ycsbmongo.orchestrator.cli;

import dev.ycsbmongo.orchestrator.exec.ProgressListener;
import dev.ycsbmongo.orchestrator.live.LiveState;
import dev.ycsbmongo.orchestrator.live.MetricsEndpoint;
import dev.ycsbmongo.orchestrator.live.ProgressTee;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * {@code run --metrics-port PORT [--metrics-address ADDRESS]}: the live metrics endpoint, off unless
 * asked for. Started before the run directory is made, so a taken port costs nothing but one line.
 */
final class MetricsOptions implements AutoCloseable {

  @Option(names = "--metrics-port", paramLabel = "PORT", description = "while the plan runs, serve its live "
      + "figures (phase, throughput and latency percentiles per operation, errors, verdicts, phases done) in the "
      + "Prometheus text format at http://ADDRESS:PORT/metrics; 0 takes any free port (printed at the start). "
      + "Off by default")
  Integer port;

  @Option(names = "--metrics-address", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "the address --metrics-port listens on (0.0.0.0: every interface; the figures name the plan's "
          + "targets and scenarios, never a URI)")
  String address;

  private final LiveState state = new LiveState();
  private MetricsEndpoint endpoint;

  /** Starts the endpoint when asked for, and says where it is on {@code err}. */
  void start(PrintWriter err) {
    if (port == null) {
      return;
    }
    if (port < 0 || port > 65535) {
      throw new BadInputException("--metrics-port " + port + ": not a port; give 1 to 65535, or 0 for any free port");
    }
    try {
      endpoint = MetricsEndpoint.start(address, port, state);
    } catch (IOException | RuntimeException e) {
      throw new BadInputException("--metrics-port " + port + ": cannot listen on " + address + ":" + port + " ("
          + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + "); give another port, or 0 for "
          + "any free one");
    }
    err.println("metrics: " + endpoint.url() + " (Prometheus text format, while the plan runs)");
    err.flush();
  }

  /** The listener the run reports to: {@code console}, and the endpoint's state when it was started. */
  ProgressListener listener(ProgressListener console) {
    return endpoint == null ? console : new ProgressTee(console, state);
  }

  @Override
  public void close() {
    if (endpoint != null) {
      endpoint.close();
      endpoint = null;
    }
  }
}
