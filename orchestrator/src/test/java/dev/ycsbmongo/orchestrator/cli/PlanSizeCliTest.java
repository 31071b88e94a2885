package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} and {@code run} refuse a plan over the size limit in one line, before parsing it. */
class PlanSizeCliTest {

  @Test
  void validateAndRunRefuseAFiftyMegabytePlanInOneLine(@TempDir Path dir) throws IOException {
    Path plan = dir.resolve("big.yaml");
    char[] chunk = new char[64 * 1024];
    java.util.Arrays.fill(chunk, 'a');
    try (Writer w = Files.newBufferedWriter(plan, StandardCharsets.UTF_8)) {
      w.write("name: big\ndescription: \"");
      for (int i = 0; i < 50_000_000 / chunk.length; i++) {
        w.write(chunk);
      }
      w.write("\"\n");
    }
    for (String[] args : new String[][] {{"validate", "--no-probe", plan.toString()},
        {"run", "--output-dir", dir.resolve("results").toString(), plan.toString()}}) {
      long t0 = System.nanoTime();
      InProcessCli r = InProcessCli.run(args);
      long millis = (System.nanoTime() - t0) / 1_000_000;
      assertEquals(2, r.exit(), r.err());
      assertEquals("orchestrator: " + plan + ": the plan is larger than 3 MB (the limit); a plan names targets,"
          + " scenarios, sweeps and properties and takes a few kilobytes: keep data and long text out of it\n",
          r.err().replace(System.lineSeparator(), "\n"));
      assertEquals("", r.out());
      assertTrue(millis < 1000, args[0] + " took " + millis + " ms");
    }
    assertTrue(Files.notExists(dir.resolve("results")), "run created no run directory");
  }
}
