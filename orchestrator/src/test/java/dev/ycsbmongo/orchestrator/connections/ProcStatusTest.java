package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ProcStatusTest {

  @Test
  void readsKibibyteFieldsAsBytes() {
    String status = "Name:\tjava\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\n";
    assertEquals(204800L * 1024, ProcStatus.parseKib(status, "VmHWM:"));
    assertEquals(102400L * 1024, ProcStatus.parseKib(status, "VmRSS:"));
    assertNull(ProcStatus.parseKib(status, "VmSwap:"));
  }

  @Test
  void thePeakIsNeverBelowAnRssReadingTakenEarlier() {
    // VmHWM lagging an earlier VmRSS is what the kernel shows after pages were handed back with madvise
    assertEquals(300L, ProcStatus.peakOf(200L, 100L, 300L));
    assertEquals(200L, ProcStatus.peakOf(200L, 100L, null));
    assertEquals(100L, ProcStatus.peakOf(null, 100L));
    assertNull(ProcStatus.peakOf(null, null, null));
  }
}
