package dev.ycsbmongo.binding;

import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import com.mongodb.event.ServerDescriptionChangedEvent;
import com.mongodb.event.ServerListener;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * Checks, before any YCSB operation, that the configured server can be used: opens a client with
 * the binding's settings and runs {@code ping} on {@code admin}. Without it an unreachable server
 * makes every operation wait out the whole server-selection timeout, one after the other.
 *
 * <p>The check ends as soon as the cause is certain, not at the end of the server-selection
 * timeout: when every known host has failed its first heartbeat (refused, unknown host, TLS,
 * no reply within {@code connectTimeoutMs}), or when every host was dropped for a wrong
 * replica-set name. Authentication is tried by the ping itself (monitor connections do not
 * authenticate). The whole check is bounded by the configured timeouts.
 */
public final class ConnectionCheck {

  private static final BsonDocument PING = new BsonDocument("ping", new BsonInt32(1));

  private ConnectionCheck() {
  }

  /** What the check found: empty when the server answered the ping, else the cause. */
  public record Result(Optional<String> cause, long elapsedMs) {
  }

  /**
   * Runs the check. The returned cause is one line without the URL: {@link ClientConfig#maskedUrl()}
   * says which server.
   */
  public static Result run(ClientConfig config) {
    long started = System.nanoTime();
    Watcher watcher = new Watcher(config);
    MongoClientSettings settings = MongoClientSettings.builder(
            MongoClientSettingsFactory.create(config, MongoClientSettings.getDefaultCodecRegistry(), null))
        .applyToClusterSettings(c -> c.addClusterListener(watcher))
        .applyToServerSettings(s -> s.addServerListener(watcher))
        .build();
    MongoClient client;
    try {
      client = MongoClients.create(settings);
    } catch (RuntimeException e) {
      return new Result(Optional.of(watcher.cause(e)), elapsed(started));
    }
    CompletableFuture<String> ping = new CompletableFuture<>();
    Thread pinger = new Thread(() -> {
      try {
        client.getDatabase("admin").runCommand(PING);
        ping.complete(null);
      } catch (RuntimeException e) {
        ping.complete(watcher.cause(e));
      }
    }, "ycsb-connection-check");
    pinger.setDaemon(true);
    pinger.start();
    String cause;
    try {
      cause = (String) CompletableFuture.anyOf(ping, watcher.failed).get(limitMs(config), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      cause = "no answer to ping within " + limitMs(config) + " ms (serverSelectionTimeoutMs="
          + config.serverSelectionTimeoutMs() + " + connectTimeoutMs=" + config.connectTimeoutMs()
          + " + socketTimeoutMs=" + config.socketTimeoutMs() + "): the server is stalled or overloaded";
    } catch (ExecutionException e) {
      cause = watcher.cause(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cause = "interrupted";
    }
    closeWithin(client, 2000);
    return new Result(Optional.ofNullable(cause), elapsed(started));
  }

  /**
   * The longest the check may take: selecting a server, opening a connection to it and reading the
   * ping's reply ({@code socketTimeoutMs=0} means no read limit: the connect timeout stands in).
   */
  static long limitMs(ClientConfig c) {
    long connect = c.connectTimeoutMs() > 0 ? c.connectTimeoutMs() : 10_000;
    long read = c.socketTimeoutMs() > 0 ? c.socketTimeoutMs() : connect;
    return c.serverSelectionTimeoutMs() + connect + read + 1000;
  }

  /** Closing ends the monitors (and their log lines) before the cause is printed; it must not hang the exit. */
  private static void closeWithin(MongoClient client, long millis) {
    Thread closer = new Thread(client::close, "ycsb-connection-check-close");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long elapsed(long started) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
  }

  /**
   * Follows the driver's view of each host and ends the check early once no host can work: each
   * has failed its heartbeat, or answered as something the URL's {@code replicaSet} excludes.
   * Hosts are tracked here rather than read from the cluster description because the driver
   * keeps a host it dropped for a wrong set name in that description, as "connecting".
   */
  private static final class Watcher implements ClusterListener, ServerListener {

    final CompletableFuture<String> failed = new CompletableFuture<>();
    private final ClientConfig config;
    private final String requiredSetName;
    /** Last description of every host, in the order first seen; null while no heartbeat has ended. */
    private final Map<String, Optional<ServerDescription>> hosts = new LinkedHashMap<>();

    Watcher(ClientConfig config) {
      this.config = config;
      this.requiredSetName = config.connectionString().getRequiredReplicaSetName();
    }

    @Override
    public void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
      synchronized (hosts) {
        for (ServerDescription d : event.getNewDescription().getServerDescriptions()) {
          hosts.putIfAbsent(d.getAddress().toString(), Optional.empty());
        }
      }
    }

    @Override
    public void serverDescriptionChanged(ServerDescriptionChangedEvent event) {
      ServerDescription d = event.getNewDescription();
      synchronized (hosts) {
        if (d.getException() != null || d.isOk()) {
          hosts.put(d.getAddress().toString(), Optional.of(d));
        } else {
          hosts.putIfAbsent(d.getAddress().toString(), Optional.empty());
        }
        evaluate();
      }
    }

    private void evaluate() {
      boolean anyMismatch = false;
      Throwable firstFailure = null;
      String failedAddress = null;
      for (Optional<ServerDescription> d : hosts.values()) {
        if (d.isEmpty()) {
          return;  // a host has not answered yet
        }
        if (mismatch(d.get())) {
          anyMismatch = true;
        } else if (d.get().getException() != null) {
          if (firstFailure == null) {
            firstFailure = d.get().getException();
            failedAddress = d.get().getAddress().toString();
          }
        } else {
          return;  // a usable host: the ping decides
        }
      }
      if (anyMismatch) {
        failed.complete(mismatchCause());
      } else if (firstFailure != null) {
        failed.complete(cause(firstFailure, failedAddress));
      }
    }

    /** A host that answered but is not in the replica set the URL names. */
    private boolean mismatch(ServerDescription d) {
      return requiredSetName != null && d.isOk() && !requiredSetName.equals(d.getSetName());
    }

    private String mismatchCause() {
      Map<String, Optional<String>> found = new LinkedHashMap<>();
      hosts.forEach((host, d) -> {
        if (d.isPresent() && mismatch(d.get())) {
          found.put(host, Optional.ofNullable(d.get().getSetName()));
        }
      });
      return ConnectionFailure.replicaSetMismatch(requiredSetName, found);
    }

    String cause(Throwable t) {
      return cause(t, null);
    }

    /** {@code address}: the host {@code t} came from, when known, so the cause can name it. */
    String cause(Throwable t, String address) {
      synchronized (hosts) {
        if (hosts.values().stream().anyMatch(d -> d.isPresent() && mismatch(d.get()))) {
          return mismatchCause();
        }
      }
      Boolean tls = config.connectionString().getSslEnabled();
      return ConnectionFailure.cause(t, tls != null && tls, config.connectTimeoutMs(), address);
    }
  }
}
