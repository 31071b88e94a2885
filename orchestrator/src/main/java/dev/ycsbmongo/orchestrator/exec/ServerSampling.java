package dev.ycsbmongo.orchestrator.exec;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import dev.ycsbmongo.orchestrator.metrics.OpCountCrossCheck;
import dev.ycsbmongo.orchestrator.metrics.SampleSeries;
import dev.ycsbmongo.orchestrator.metrics.ServerMetricsCalculator;
import dev.ycsbmongo.orchestrator.metrics.ServerSampler;
import dev.ycsbmongo.orchestrator.plan.Phase;
import dev.ycsbmongo.orchestrator.plan.ServerKeys;
import dev.ycsbmongo.orchestrator.results.ServerInfo;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import dev.ycsbmongo.orchestrator.results.WindowStats;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The server sampler around one phase: started before the phase's client starts, stopped after it
 * ends, so the opcounters cover every operation the client sent. Sampling is off for a phase with
 * {@code server.sampleInterval: off}; a sampler that cannot reach the server records why and never
 * fails the phase.
 */
final class ServerSampling implements AutoCloseable {

  /** The time series of a phase, in its directory: what the report's charts read. */
  static final String SERIES_FILE = ServerSamples.FILE;

  private final ServerSampler sampler;
  private final String relSeriesFile;
  private final boolean embedded;
  private final String urlReadPreference;
  private SampleSeries series;

  private ServerSampling(ServerSampler sampler, String relSeriesFile, boolean embedded, String urlReadPreference) {
    this.sampler = sampler;
    this.relSeriesFile = relSeriesFile;
    this.embedded = embedded;
    this.urlReadPreference = urlReadPreference;
  }

  /** Starts sampling unless the phase turns it off; {@code relDir} is the phase directory relative to the run's. */
  static ServerSampling start(Phase phase, String uri, ServerInfo server, Path phaseDir, String relDir) {
    Optional<Duration> interval = ServerKeys.sampleInterval(phase.serverSettings());
    boolean embedded = server != null && server.embedded();
    if (interval.isEmpty()) {
      return new ServerSampling(null, null, embedded, null);
    }
    boolean replicaSet = server != null && "replica set".equals(server.topology());
    java.util.OptionalInt cores = ServerKeys.cores(phase.serverSettings());
    ServerSampler s = ServerSampler.start(uri, interval.get(), replicaSet, phaseDir.resolve(SERIES_FILE),
        cores.isPresent() ? cores.getAsInt() : null);
    return new ServerSampling(s, relDir.isEmpty() ? SERIES_FILE : relDir + "/" + SERIES_FILE, embedded,
        urlReadPreference(uri));
  }

  /** The connection string's readPreference option, which the cross-check must know where reads went. */
  static String urlReadPreference(String uri) {
    try {
      ReadPreference p = new ConnectionString(uri).getReadPreference();
      return p == null ? null : p.getName();
    } catch (RuntimeException e) {
      return null;  // the binding would have refused such a string before any phase ran
    }
  }

  /** Stops sampling (once; later calls do nothing): right after the phase's client ends. */
  @Override
  public void close() {
    if (sampler != null && series == null) {
      series = sampler.stop();
    }
  }

  /**
   * Stops sampling if still running and summarises the whole phase (or only {@code [from, to]} when given: the hold
   * of a connection-stress phase), with the opcounter cross-check against {@code ycsb} when the
   * phase ran YCSB. Null when sampling was off.
   */
  ServerMetrics metrics(Instant from, Instant to, WindowStats ycsb, Map<String, String> properties) {
    if (sampler == null) {
      return null;
    }
    close();
    ServerMetrics m = ServerMetricsCalculator.summarize(series, from, to).withSeriesFile(relSeriesFile);
    return ycsb == null ? m : m.withCrossCheck(OpCountCrossCheck.of(m, ycsb, properties, urlReadPreference, embedded));
  }
}
