package dev.ycsbmongo.orchestrator.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.bson.Document;

/**
 * Server replies from {@code src/test/resources/server-status/}: trimmed but shaped as MongoDB 6.0,
 * 7.0 and 8.0 (and the embedded server) send them, numeric types included (extended JSON
 * {@code $numberLong} is Int64, a plain integer Int32, a decimal Double).
 */
final class Replies {

  static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

  private Replies() {
  }

  static Document load(String name) {
    try (InputStream in = Replies.class.getResourceAsStream("/server-status/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return Document.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ServerStatusSnapshot snapshot(String name, double secondsAfterT0) {
    return ServerStatusSnapshot.parse(load(name), at(secondsAfterT0));
  }

  static Instant at(double secondsAfterT0) {
    return T0.plusNanos((long) (secondsAfterT0 * 1e9));
  }

  /** The 7.0 reply with {@code change} applied, e.g. to set counters for a longer series. */
  static ServerStatusSnapshot edited(String name, double secondsAfterT0, Consumer<Document> change) {
    Document reply = load(name);
    change.accept(reply);
    return ServerStatusSnapshot.parse(reply, at(secondsAfterT0));
  }

  /** Sets {@code opcounters.insert} (Int64, as MongoDB 7.0 sends it) and the uptime to match. */
  static Consumer<Document> inserts(long count, long uptimeMillis) {
    return reply -> {
      reply.get("opcounters", Document.class).put("insert", count);
      reply.put("uptimeMillis", uptimeMillis);
    };
  }

  static SampleSeries series(List<ServerStatusSnapshot> snapshots, List<ReplicationLag> lags, Integer cores,
      String replicationAbsent) {
    return new SampleSeries("m0.example.net:27017", 1.0, snapshots, lags, cores,
        cores == null ? "hostInfo failed: no such command: 'hostInfo'" : null, replicationAbsent, null, 0);
  }
}
