package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HostCoresTest {

  @Test
  void readsNumCoresFromMongoDb70() {
    assertEquals(new HostCores(4, null), HostCores.parse(Replies.load("hostInfo-7.0.json")));
  }

  @Test
  void isAbsentWithTheReasonOnTheEmbeddedServerWhoseHostInfoHasNoCores() {
    assertEquals(new HostCores(null, "hostInfo has no system.numCores"),
        HostCores.parse(Replies.load("hostInfo-embedded.json")));
  }

  @Test
  void aFailedHostInfoSaysWhy() {
    assertEquals("hostInfo failed: not authorized on admin to execute command { hostInfo: 1 }",
        HostCores.failed("not authorized on admin to execute command { hostInfo: 1 }").absentReason());
  }

  @Test
  void theSourceSaysWhichCountCpuIsDividedByAndWhatHostInfoSaidWhenTheyDiffer() {
    HostCores host = new HostCores(64, null);
    assertEquals("hostInfo.system.numCores", host.source(null));
    assertEquals("server.cores (hostInfo.system.numCores: 64)", host.source(4));
    assertEquals("server.cores", host.source(64));
    assertEquals("server.cores", HostCores.failed("not authorized").source(4));
    assertEquals(null, HostCores.failed("not authorized").source(null));
  }
}
