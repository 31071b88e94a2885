package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExitStatusTest {

  @Test
  void namesTheSignalOfAChildEndedByOne() {
    assertEquals("killed by SIGKILL (exit 137)", ExitStatus.describe(137));
    assertEquals("ended by SIGTERM (exit 143)", ExitStatus.describe(143));
    assertEquals("crashed with SIGSEGV (exit 139)", ExitStatus.describe(139));
    assertEquals("killed by signal 40 (exit 168)", ExitStatus.describe(168));
    assertEquals("exited with status 2", ExitStatus.describe(2));
  }

  @Test
  void cutsTheLastWordsToOneShortLineAndSkipsStatusLines() {
    String status = "2026-11-26 02:20:11:123 10 sec: 31544 operations; 3154.4 current ops/sec; est completion in 1"
        + " minute [READ: Count=15712, Max=12345, Min=123, Avg=301.2, 90=400, 99=900, 99.9=3000, 99.99=9000]"
        + " [UPDATE: Count=15832, Max=12345, Min=123, Avg=301.2, 90=400, 99=900, 99.9=3000, 99.99=9000]";
    assertEquals(true, ExitStatus.isStatusLine(status));
    assertEquals(false, ExitStatus.isStatusLine("client: operationcount 1 over 2 clients leaves a client none"));
    assertEquals(203, ExitStatus.cut("x".repeat(600)).length());
  }
}
