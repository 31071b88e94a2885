package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --metrics-port}: a port that cannot be listened on is one line and exit 2, before anything runs. */
class MetricsOptionsCliTest {

  private static Path plan(Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    Files.writeString(plan, "name: p\ntargets: [{name: a, uri: embedded}]\n"
        + "scenarios: [{name: s, workload: " + Path.of("../workloads/workloada").toAbsolutePath() + "}]\n");
    return plan;
  }

  @Test
  void aTakenPortIsOneLineAndNothingRuns(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      InProcessCli r = InProcessCli.run("run", plan(dir).toString(), "-o", dir.resolve("results").toString(),
          "--metrics-port", Integer.toString(port));
      assertEquals(2, r.exit(), r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains("--metrics-port " + port + ": cannot listen on 127.0.0.1:" + port + " ("), r.err());
      assertTrue(r.err().contains("give another port, or 0 for any free one"), r.err());
      assertFalse(Files.exists(dir.resolve("results")), "no run directory for a run that did not start");
    }
  }

  @Test
  void aNumberThatIsNotAPortIsOneLine(@TempDir Path dir) throws Exception {
    InProcessCli r = InProcessCli.run("run", plan(dir).toString(), "-o", dir.resolve("results").toString(),
        "--metrics-port", "70000");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("--metrics-port 70000: not a port; give 1 to 65535, or 0 for any free port"), r.err());
  }
}
