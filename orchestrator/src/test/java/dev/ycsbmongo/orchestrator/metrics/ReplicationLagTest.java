package dev.ycsbmongo.orchestrator.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplicationLagTest {

  @Test
  void measuresEachSecondaryBehindThePrimaryLeavingOutArbitersAndRecoveringMembers() {
    ReplicationLag lag = ReplicationLag.parse(Replies.load("replSetGetStatus-7.0-lagging-secondary-and-arbiter.json"),
        Replies.T0);
    assertNull(lag.absentReason());
    assertEquals(Map.of("m1.example.net:27017", 0.0, "m2.example.net:27017", 4.0), lag.lagSecondsByMember());
  }

  @Test
  void isAbsentWithAReasonWhenThereIsNoPrimary() {
    ReplicationLag lag = ReplicationLag.parse(Replies.load("replSetGetStatus-7.0-no-primary.json"), Replies.T0);
    assertEquals(Map.of(), lag.lagSecondsByMember());
    assertTrue(lag.absentReason().startsWith("no primary in replSetGetStatus"), lag.absentReason());
  }
}
