package dev.ycsbmongo.orchestrator.exec;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.ycsbmongo.binding.ConnectionFailure;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Watches that a target still answers while a phase runs: a {@code ping} on its own client every
 * second, each bounded by {@link #REPLY_TIMEOUT}. When the target has not answered for
 * {@code downAfter}, the watch records why and calls {@code onDown} (which ends the phase), so a
 * dead server fails its cell within seconds instead of after YCSB's retries and server-selection
 * timeouts (30 s per operation).
 */
final class TargetWatch implements AutoCloseable {

  /** One ping's bound: a server that has not answered a ping in 2 s is not serving a benchmark. */
  static final Duration REPLY_TIMEOUT = Duration.ofSeconds(2);
  private static final Duration PERIOD = Duration.ofSeconds(1);

  /**
   * The target stopped answering.
   *
   * @param atSeconds when it first failed to answer, seconds after the watch started (the phase's start)
   * @param cause what the last attempt ran into, in a person's words ("connection refused")
   */
  record Down(double atSeconds, String cause, boolean answeredUnusably) {
    Down(double atSeconds, String cause) {
      this(atSeconds, cause, false);
    }

    String describe() {
      // a server that answers garbage or refuses the credentials did not stop answering
      return String.format(Locale.ROOT, answeredUnusably ? "server could not be used %.1f s into the phase (%s)"
          : "server stopped answering %.1f s into the phase (%s)", atSeconds, cause);
    }
  }

  private final Thread thread;
  private volatile Down down;
  private volatile boolean closed;

  private TargetWatch(String uri, Duration downAfter, Runnable onDown) {
    long t0 = System.nanoTime();
    thread = new Thread(() -> watch(uri, downAfter, onDown, t0), "target-watch");
    thread.setDaemon(true);
  }

  static TargetWatch start(String uri, Duration downAfter, Runnable onDown) {
    TargetWatch w = new TargetWatch(uri, downAfter, onDown);
    w.thread.start();
    return w;
  }

  Optional<Down> down() {
    return Optional.ofNullable(down);
  }

  private void watch(String uri, Duration downAfter, Runnable onDown, long t0) {
    try (MongoClient client = open(uri)) {
      Long firstFailure = null;
      while (!closed) {
        long tick = System.nanoTime();
        Optional<ConnectionFailure.Diagnosis> problem = check(client);
        if (closed) {
          return;
        }
        if (problem.isEmpty()) {
          firstFailure = null;
        } else {
          if (firstFailure == null) {
            firstFailure = tick;
          }
          if (System.nanoTime() - firstFailure >= downAfter.toNanos()) {
            down = new Down((firstFailure - t0) / 1e9, problem.get().cause(), problem.get().waitingDoesNotHelp());
            onDown.run();
            return;
          }
        }
        long sleep = PERIOD.toMillis() - (System.nanoTime() - tick) / 1_000_000;
        if (sleep > 0) {
          Thread.sleep(sleep);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // a URI the driver cannot even build a client from: the phase itself reports it
    }
  }

  /** Why the target did not answer one ping, if it did not. */
  static Optional<ConnectionFailure.Diagnosis> check(MongoClient client) {
    try {
      client.getDatabase("admin").runCommand(new Document("ping", 1));
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of(diagnose(e));
    }
  }

  /** Checks {@code uri} once, on a client of its own: what {@code PlanRunner} asks before each cell. */
  static Optional<String> checkOnce(String uri) {
    return diagnoseOnce(uri).map(ConnectionFailure.Diagnosis::cause);
  }

  /** As {@link #checkOnce}, saying also whether waiting for the server can cure what was found. */
  static Optional<ConnectionFailure.Diagnosis> diagnoseOnce(String uri) {
    try (MongoClient client = open(uri)) {
      return check(client);
    } catch (RuntimeException e) {
      return Optional.of(diagnose(e));
    }
  }

  static MongoClient open(String uri) {
    int ms = (int) REPLY_TIMEOUT.toMillis();
    MongoClientSettings settings = MongoClientSettings.builder()
        .applyConnectionString(new ConnectionString(uri))
        // selection outlasts one connect-and-read, so that its timeout quotes what the monitor ran into
        .applyToClusterSettings(b -> b.serverSelectionTimeout(ms + 1000, TimeUnit.MILLISECONDS))
        .applyToSocketSettings(b -> b.connectTimeout(ms, TimeUnit.MILLISECONDS).readTimeout(ms, TimeUnit.MILLISECONDS))
        .applyToServerSettings(b -> b.heartbeatFrequency(500, TimeUnit.MILLISECONDS))
        .retryReads(false)
        .applicationName("ycsb-orchestrator-watch")
        .build();
    return MongoClients.create(settings);
  }

  /**
   * A driver failure in a person's words (the launcher's own classifier: connection refused, a
   * stalled server, a closed connection, authentication, TLS), not the driver's cluster dump.
   */
  static String cause(Throwable e) {
    return diagnose(e).cause();
  }

  static ConnectionFailure.Diagnosis diagnose(Throwable e) {
    return ConnectionFailure.diagnose(e, false, REPLY_TIMEOUT.toMillis());
  }

  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join(REPLY_TIMEOUT.toMillis() * 2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
