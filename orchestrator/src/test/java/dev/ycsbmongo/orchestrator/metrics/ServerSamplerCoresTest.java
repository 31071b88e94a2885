package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.ycsbmongo.orchestrator.embedded.EmbeddedMongoServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The sampler against the embedded test server, whose hostInfo has no core count: the plan's server.cores
 * stands in for it and the series says so; without it the cores stay unknown with hostInfo's reason.
 */
class ServerSamplerCoresTest {

  private static SampleSeries sample(Integer statedCores) throws InterruptedException {
    try (EmbeddedMongoServer server = EmbeddedMongoServer.start(0)) {
      ServerSampler s = ServerSampler.start(server.connectionString("admin"), Duration.ofSeconds(5), false, null,
          statedCores);
      Thread.sleep(1500);  // the first tick reads hostInfo, bounded by one interval
      return s.stop();
    }
  }

  @Test
  void statedCoresAreUsedAndRecordedAsTheSource() throws InterruptedException {
    SampleSeries s = sample(4);
    assertEquals(4, s.hostCores());
    assertNull(s.hostCoresAbsentReason());
    assertEquals("server.cores", s.hostCoresSource());
  }

  @Test
  void withoutThemTheServersOwnCountIsAllThereIs() throws InterruptedException {
    SampleSeries s = sample(null);
    assertNull(s.hostCores());
    assertEquals("hostInfo has no system.numCores", s.hostCoresAbsentReason(), "the embedded server's hostInfo");
    assertNull(s.hostCoresSource());
  }
}
