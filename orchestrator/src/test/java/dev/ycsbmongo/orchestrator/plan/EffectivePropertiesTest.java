package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EffectivePropertiesTest {

  @Test
  void overlaysThePlanOnTheWorkloadFileAndDropsAnyConnectionString(@TempDir Path dir) throws Exception {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "recordcount=1000\nreadproportion=0.5\nmongodb.url=mongodb://u:FilePw1@h/ycsb\n"
        + "note=mongodb://v:OtherPw2@h/x\n");
    var props = EffectiveProperties.of(Optional.of(workload), Map.of("recordcount", "50"));
    assertEquals("50", props.get("recordcount"), "the plan's -p wins, as in YCSB");
    assertEquals("0.5", props.get("readproportion"));
    assertFalse(props.containsKey("mongodb.url"));
    assertEquals("mongodb://v:****@h/x", props.get("note"));
    assertFalse(props.toString().contains("Pw"));
  }
}
