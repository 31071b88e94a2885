package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbmongo.orchestrator.metrics.SampleSeries;
import dev.ycsbmongo.orchestrator.metrics.ServerMetricsCalculator;
import dev.ycsbmongo.orchestrator.metrics.ServerSampler;
import dev.ycsbmongo.orchestrator.metrics.ServerStatusSnapshot;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.ServerSample;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server sampler against the server the extension provides, for about three seconds while
 * inserts go on: what that server reports is recorded, what it does not is absent with a reason.
 * Embedded: uptime only (its connections.current is a constant 1; no opcounters, CPU, network,
 * memory, WiredTiger, opLatencies or connections.available; a hostInfo without cores). Real MongoDB: the
 * opcounters' insert delta matches the inserts done, the inserts have a server-side mean latency and the
 * connection limit exceeds the connections seen.
 */
@ExtendWith(MongoServerExtension.class)
class ServerSamplerIT {

  private static final int INSERTS = 300;

  private record Run(SampleSeries series, ServerMetrics metrics, List<ServerSample> lines) {
  }

  private static Run sampleWhileInserting(TestMongo mongo, String database, Path dir, int extraClients)
      throws Exception {
    Path file = dir.resolve(ServerSamples.FILE);
    List<MongoClient> clients = new ArrayList<>();
    SampleSeries series;
    try (MongoClient driver = MongoClients.create(mongo.uri(database))) {
      MongoCollection<Document> c = driver.getDatabase(database).getCollection("sampled");
      c.insertOne(new Document("_id", -1));  // connects the driver before the sampler's first reply
      ServerSampler sampler = ServerSampler.start(mongo.uri(database), Duration.ofMillis(500), false, file);
      for (int i = 0; i < extraClients; i++) {
        MongoClient extra = MongoClients.create(mongo.uri(database));
        extra.getDatabase(database).runCommand(new Document("ping", 1));
        clients.add(extra);
      }
      for (int i = 0; i < INSERTS; i++) {
        c.insertOne(new Document("_id", i).append("v", "x".repeat(100)));
        Thread.sleep(10);
      }
      series = sampler.stop();
    } finally {
      clients.forEach(MongoClient::close);
    }
    return new Run(series, ServerMetricsCalculator.summarize(series, null, null), ServerSamples.read(file));
  }

  @Test
  void recordsWhatTheServerReportsAndSaysWhyTheRestIsAbsent(TestMongo mongo, TestInfo info, @TempDir Path dir)
      throws Exception {
    Run run = sampleWhileInserting(mongo, mongo.freshDatabase("sampler", info), dir, 4);
    SampleSeries series = run.series();
    ServerMetrics m = run.metrics();
    System.out.println("[it] sampled " + series.snapshots().size() + " replies from " + series.sampledHost()
        + "; absent: " + m.absent() + "; first error: " + series.firstError());
    assertTrue(series.snapshots().size() >= 5, "about 3 s at 500 ms plus the first and last: "
        + series.snapshots().size());
    assertEquals(series.snapshots().size() - 1, run.lines().size(), "one series line per interval, written as it went");
    assertEquals(series.samples(), run.lines());
    assertEquals(0, series.failedSamples(), series.firstError());
    assertNull(m.samplerError());
    assertEquals("not a replica set", m.absent().get("replicationLag"));

    if (mongo.kind() == TestMongo.Kind.EMBEDDED) {
      assertTrue(series.snapshots().stream().allMatch(s -> s.connectionsCurrent() == 1L),
          "the embedded server answers connections.current = 1 with six clients connected");
      assertTrue(series.snapshots().stream().noneMatch(ServerStatusSnapshot::connectionsCounted));
      assertTrue(series.snapshots().stream().allMatch(s -> s.uptimeSeconds() != null));
      assertNull(series.hostCores());
      assertEquals("hostInfo has no system.numCores", series.hostCoresAbsentReason());
      assertEquals("not reported by this server (serverStatus has no opcounters)", m.absent().get("opcounters"));
      assertEquals("not reported by this server (serverStatus has no extra_info.user_time_us)", m.absent().get("cpu"));
      assertTrue(m.absent().get("connections").startsWith("not counted by this server"), m.absent().toString());
      assertEquals("not reported by this server (serverStatus has no opLatencies)", m.absent().get("opLatencies"));
      assertTrue(m.absent().get("connectionsLimit").startsWith("not reported by this server"), m.absent().toString());
      assertTrue(series.snapshots().stream().allMatch(s -> s.opLatencyOps() == null && s.connectionsAvailable() == null),
          "the embedded server reports neither opLatencies nor connections.available");
      assertNull(m.opLatencyMeanMicros());
      assertNull(m.connectionsLimit());
      assertNull(m.qpsTotal());
      assertNull(m.cpuMeanPercent());
      assertNull(m.connectionsPeak());
    } else {
      assertNotNull(series.hostCores(), series.hostCoresAbsentReason());
      assertNotNull(m.cpuMeanPercent(), m.absent().toString());
      assertTrue(m.connectionsPeak() >= 6, "the test's six clients: " + m.connectionsPeak());
      assertTrue(m.opLatencyMeanMicros(ServerMetrics.WRITES) > 0, "the inserts' server-side mean: " + m.absent());
      assertTrue(m.connectionsLimit() > m.connectionsPeak(), "current + available: " + m.connectionsLimit());
      long inserts = m.opcounterDeltas().get("insert");
      if (mongo.kind() == TestMongo.Kind.TESTCONTAINERS) {
        assertEquals(INSERTS, inserts, "the container serves this test alone");
      } else {
        assertTrue(inserts >= INSERTS, "a shared server counts other clients' inserts too: " + inserts);
      }
    }
  }

  @Test
  void aTargetThatDoesNotAnswerIsRecordedNotThrown(@TempDir Path dir) throws Exception {
    try (java.net.ServerSocket closed = new java.net.ServerSocket(0)) {
      int port = closed.getLocalPort();
      closed.close();
      ServerSampler sampler = ServerSampler.start("mongodb://u:secret@127.0.0.1:" + port + "/", Duration.ofMillis(300),
          true, dir.resolve(ServerSamples.FILE));
      Thread.sleep(1_000);
      SampleSeries series = sampler.stop();
      assertEquals(0, series.snapshots().size());
      assertTrue(series.failedSamples() >= 2, "every failed command counted: " + series.failedSamples());
      assertNotNull(series.firstError());
      assertFalse(series.firstError().contains("secret"), series.firstError());
      ServerMetrics m = ServerMetricsCalculator.summarize(series, null, null);
      assertEquals("fewer than two serverStatus replies: no interval to measure", m.absent().get("samples"));
      assertEquals(series.firstError(), m.samplerError());
      assertEquals(List.of(), ServerSamples.read(dir.resolve(ServerSamples.FILE)));
    }
  }
}
