package dev.ycsbmongo.orchestrator.metrics;

import com.mongodb.ConnectionString;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ServerDescription;
import dev.ycsbmongo.binding.UriMasker;
import dev.ycsbmongo.orchestrator.Causes;
import dev.ycsbmongo.orchestrator.process.Clients;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Polls a target's {@code serverStatus} (and {@code replSetGetStatus} on a replica set) on a
 * connection of its own while a phase runs, appending each interval to the series file as it goes.
 * It never throws once started: a failing command is counted and its first message kept; the
 * figures it could not read are absent.
 *
 * <p>One daemon thread, one tick per interval, the first at once. A tick's commands share a
 * deadline of one interval (client-side operation timeout), and a tick that would start late is
 * skipped rather than run back to back: a slow server stretches an interval, it never piles up
 * commands on it. Commands go to the primary whatever the URI's read preference, because the
 * counters to compare with YCSB's writes are the primary's.
 */
public final class ServerSampler implements AutoCloseable {

  /** What {@code serverStatus} may leave out: large sections the sampler does not read. */
  static final Document SERVER_STATUS = new Document("serverStatus", 1).append("repl", 0).append("metrics", 0)
      .append("locks", 0);

  private final MongoClient client;
  private final MongoDatabase admin;
  private final long intervalNanos;
  private final boolean replicaSet;
  private final String uriHosts;
  private final ScheduledExecutorService thread;
  private final long startNanos;

  private final List<ServerStatusSnapshot> snapshots = new ArrayList<>();
  private final List<ReplicationLag> lags = new ArrayList<>();
  private ServerSamples writer;
  private Integer hostCores;
  private String hostCoresAbsentReason;
  private String hostCoresSource;
  /** The plan's server.cores, or null: CPU is divided by it instead of hostInfo's count. */
  private Integer statedCores;
  private String sampledHost;
  private String firstError;
  private int failedSamples;
  private long ticks;
  private SampleSeries stopped;

  private ServerSampler(MongoClient client, Duration interval, boolean replicaSet, String uriHosts,
      ServerSamples writer) {
    this.client = client;
    this.admin = client.getDatabase("admin").withReadPreference(ReadPreference.primary());
    this.intervalNanos = interval.toNanos();
    this.replicaSet = replicaSet;
    this.uriHosts = uriHosts;
    this.writer = writer;
    ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "server-sampler");
      t.setDaemon(true);
      return t;
    });
    // stop() lets a running tick finish (interrupting it would record a spurious failure) and drops the next one.
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    this.thread = executor;
    this.startNanos = System.nanoTime();
  }

  /**
   * Starts sampling {@code uri} every {@code interval}; the first sample is taken at once.
   *
   * @param replicaSet whether to read replication lag each tick ({@code replSetGetStatus})
   * @param seriesFile where each interval is appended ({@value ServerSamples#FILE}); null for none
   */
  public static ServerSampler start(String uri, Duration interval, boolean replicaSet, Path seriesFile) {
    return start(uri, interval, replicaSet, seriesFile, null);
  }

  /**
   * As {@link #start(String, Duration, boolean, Path)}, CPU divided by {@code statedCores} (the plan's
   * {@code server.cores}) when not null, whatever hostInfo says.
   */
  public static ServerSampler start(String uri, Duration interval, boolean replicaSet, Path seriesFile,
      Integer statedCores) {
    if (interval.isNegative() || interval.toMillis() < 1) {
      throw new IllegalArgumentException("sampling interval must be at least 1 ms, got " + interval);
    }
    String hosts = String.join(",", new ConnectionString(uri).getHosts());
    MongoClient client = Clients.open(uri, (int) Math.max(1000, interval.toMillis()));
    ServerSamples writer = null;
    String writeError = null;
    if (seriesFile != null) {
      try {
        writer = ServerSamples.open(seriesFile);
      } catch (IOException e) {
        writeError = "cannot write " + seriesFile.getFileName() + ": " + Causes.rootMessage(e);
      }
    }
    ServerSampler sampler = new ServerSampler(client, interval, replicaSet, hosts, writer);
    sampler.firstError = writeError;
    sampler.statedCores = statedCores;
    sampler.thread.execute(sampler::tick);
    return sampler;
  }

  /** One tick: host cores once, then lag (before serverStatus: see SampleSeries), then serverStatus. */
  private void tick() {
    long deadline = System.nanoTime() + intervalNanos;
    if (ticks++ == 0) {
      readHostCores(deadline);
    }
    sample(deadline);
    scheduleNext();
  }

  private void scheduleNext() {
    if (thread.isShutdown()) {
      return;
    }
    long elapsed = System.nanoTime() - startNanos;
    long next = (elapsed / intervalNanos + 1) * intervalNanos;  // the next tick still ahead: late ticks are skipped
    try {
      thread.schedule(this::tick, next - elapsed, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      // stop() shut the thread down between the check and the schedule: nothing left to do.
    }
  }

  private void readHostCores(long deadline) {
    HostCores host;
    try {
      host = HostCores.parse(command(new Document("hostInfo", 1), deadline));
    } catch (RuntimeException e) {
      host = HostCores.failed(Causes.rootMessage(e));
    }
    hostCoresSource = host.source(statedCores);
    hostCores = statedCores != null ? statedCores : host.cores();
    hostCoresAbsentReason = host.absentReason();
  }

  /** Takes one reading; every failure is recorded, none thrown. */
  private synchronized void sample(long deadline) {
    if (replicaSet) {
      try {
        Document status = command(new Document("replSetGetStatus", 1), deadline);
        lags.add(ReplicationLag.parse(status, Instant.now()));
      } catch (RuntimeException e) {
        String message = "replSetGetStatus: " + Causes.rootMessage(e);
        failed(message);
        lags.add(ReplicationLag.absent(Instant.now(), message));
      }
    }
    ServerStatusSnapshot snapshot;
    try {
      Document status = command(SERVER_STATUS, deadline);
      snapshot = ServerStatusSnapshot.parse(status, Instant.now());
    } catch (RuntimeException e) {
      failed("serverStatus: " + Causes.rootMessage(e));
      return;
    }
    if (sampledHost == null) {
      sampledHost = polledAddress();
    }
    if (!snapshots.isEmpty()) {
      append(IntervalDelta.between(snapshots.get(snapshots.size() - 1), snapshot, hostCores));
    }
    snapshots.add(snapshot);
  }

  private Document command(Document command, long deadline) {
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw new IllegalStateException("no time left in this tick (the previous command took the whole interval)");
    }
    return admin.withTimeout(remaining, TimeUnit.NANOSECONDS).runCommand(command);
  }

  private void append(IntervalDelta d) {
    if (writer == null) {
      return;
    }
    ReplicationLag lag = null;
    if (!lags.isEmpty() && lags.get(lags.size() - 1).receivedAt().isAfter(d.from().receivedAt())) {
      lag = lags.get(lags.size() - 1);
    }
    try {
      writer.append(SampleSeries.sample(d, snapshots.get(0).receivedAt(), lag));
    } catch (IOException | RuntimeException e) {
      if (firstError == null) {
        firstError = "cannot append to " + ServerSamples.FILE + ": " + Causes.rootMessage(e);
      }
      closeWriter();
    }
  }

  private void failed(String message) {
    failedSamples++;
    if (firstError == null) {
      firstError = UriMasker.mask(message);
    }
  }

  /** The member the commands went to (the primary, or the one server of a direct connection). */
  private String polledAddress() {
    try {
      List<ServerDescription> servers = client.getClusterDescription().getServerDescriptions();
      return servers.stream().filter(ServerDescription::isPrimary).findFirst()
          .or(() -> servers.size() == 1 ? servers.stream().findFirst() : java.util.Optional.empty())
          .map(s -> s.getAddress().toString()).orElse(uriHosts);
    } catch (RuntimeException e) {
      return uriHosts;
    }
  }

  /**
   * Takes a last reading (so the series ends when the phase does), stops the thread, closes the
   * file and the client. Never throws; calling it again returns the same series.
   */
  public SampleSeries stop() {
    synchronized (this) {
      if (stopped != null) {
        return stopped;
      }
    }
    thread.shutdown();
    try {
      thread.awaitTermination(intervalNanos + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (stopped != null) {
        return stopped;
      }
      if (!Thread.currentThread().isInterrupted()) {
        sample(System.nanoTime() + intervalNanos);
      }
      closeWriter();
      try {
        client.close();
      } catch (RuntimeException e) {
        // Closing a client whose server vanished can fail; the readings are what matters here.
      }
      stopped = new SampleSeries(sampledHost == null ? uriHosts : sampledHost, intervalNanos / 1e9, snapshots, lags,
          hostCores, hostCores == null ? hostCoresAbsentReason : null, replicaSet ? null : "not a replica set",
          firstError, failedSamples, hostCoresSource);
      return stopped;
    }
  }

  private void closeWriter() {
    if (writer != null) {
      try {
        writer.close();
      } catch (IOException e) {
        // Every line already reached the operating system; nothing is lost by a failed close.
      }
      writer = null;
    }
  }

  @Override
  public void close() {
    stop();
  }
}
