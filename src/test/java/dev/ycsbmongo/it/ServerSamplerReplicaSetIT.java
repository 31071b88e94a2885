package dev.ycsbmongo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import dev.ycsbmongo.orchestrator.metrics.SampleSeries;
import dev.ycsbmongo.orchestrator.metrics.ServerMetricsCalculator;
import dev.ycsbmongo.orchestrator.metrics.ServerSampler;
import dev.ycsbmongo.orchestrator.results.ServerMetrics;
import dev.ycsbmongo.orchestrator.results.ServerSamples;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * Replication lag sampling on a real three-member replica set: one secondary is held with
 * {@code fsyncLock} while the primary takes writes, so it falls seconds behind, and the sampler
 * must show that member lagging and the other not. Needs Docker: without it JUnit skips the class;
 * the embedded test server has no replica set.
 */
@Testcontainers(disabledWithoutDocker = true)
class ServerSamplerReplicaSetIT {

  private static ThreeMemberReplicaSet set;

  @BeforeAll
  static void startSet() throws InterruptedException {
    set = new ThreeMemberReplicaSet().start();
    System.out.println("[it] ServerSamplerReplicaSetIT runs against: " + set.describe());
  }

  @AfterAll
  static void stopSet() {
    if (set != null) {
      set.close();
    }
  }

  @Test
  void showsTheSecondaryThatFellBehind(@TempDir Path dir) throws Exception {
    ServerSampler sampler = ServerSampler.start(set.primaryUri("admin"), Duration.ofMillis(500), true,
        dir.resolve(ServerSamples.FILE));
    try (MongoClient primary = MongoClients.create(set.primaryUri("lag"));
        MongoClient m2 = MongoClients.create(set.memberUri(2))) {
      MongoCollection<Document> c = primary.getDatabase("lag").getCollection("writes")
          .withWriteConcern(WriteConcern.W1);
      m2.getDatabase("admin").runCommand(new Document("fsyncLock", 1));
      try {
        long end = System.nanoTime() + Duration.ofSeconds(4).toNanos();
        for (int i = 0; System.nanoTime() < end; i++) {
          c.insertOne(new Document("_id", i));
          Thread.sleep(20);
        }
      } finally {
        m2.getDatabase("admin").runCommand(new Document("fsyncUnlock", 1));
      }
    }
    SampleSeries series = sampler.stop();
    ServerMetrics m = ServerMetricsCalculator.summarize(series, null, null);
    System.out.println("[it] lag by member: " + m.maxLagByMember() + "; absent: " + m.absent());
    assertNull(m.absent().get("replicationLag"), m.absent().toString());
    assertEquals(Set.of("m1:27017", "m2:27017"), m.maxLagByMember().keySet());
    assertTrue(m.maxLagByMember().get("m2:27017") >= 2.0, "the locked secondary: " + m.maxLagByMember());
    assertTrue(m.maxLagByMember().get("m1:27017") < m.maxLagByMember().get("m2:27017"), m.maxLagByMember().toString());
    assertEquals(m.maxLagSeconds(), m.maxLagByMember().get("m2:27017"));
  }
}
