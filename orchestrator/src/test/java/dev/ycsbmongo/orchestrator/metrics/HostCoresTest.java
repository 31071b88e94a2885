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
}
