package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

  @Test
  void formatsDurationsAndShares() {
    assertEquals("45s", Durations.format(Duration.ofSeconds(45)));
    assertEquals("3m05s", Durations.format(Duration.ofSeconds(185)));
    assertEquals("2h00m", Durations.format(Duration.ofHours(2)));
    assertEquals("1%", Durations.percent(0.01));
    assertEquals("0.5%", Durations.percent(0.005));
  }
}
