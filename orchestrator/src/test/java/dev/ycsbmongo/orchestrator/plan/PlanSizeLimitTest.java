package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans are read in bounded time and memory: a file over the limit is refused while it is read, before any
 * parsing (a 50 MB quoted YAML scalar took minutes and gigabytes; a 58 MB JSON plan was accepted).
 */
class PlanSizeLimitTest {

  private static final long MB = 1_000_000;
  private static final String WORKLOAD = Path.of("../workloads/workloada").toAbsolutePath().toString()
      .replace('\\', '/');

  @Test
  void aFiftyMegabyteYamlScalarIsRefusedAtOnceWithoutReadingItWhole(@TempDir Path dir) throws IOException {
    Path plan = writePlan(dir.resolve("big.yaml"), "name: big\ndescription: \"", 50 * MB, "\"\n" + yamlRest());
    assertRefusedQuickly(plan);
  }

  @Test
  void aFiftyMegabyteJsonPlanIsRefusedAtOnceWithoutReadingItWhole(@TempDir Path dir) throws IOException {
    Path plan = writePlan(dir.resolve("big.json"), "{\"name\": \"big\", \"description\": \"", 50 * MB,
        "\", " + jsonRest() + "}");
    assertRefusedQuickly(plan);
  }

  @Test
  void aPlanJustUnderTheLimitStillReads(@TempDir Path dir) throws IOException {
    Path yaml = writeCommentedPlan(dir.resolve("large.yaml"), 2_900_000);
    assertEquals("big", PlanLoader.load(yaml, Map.of()).name());
    Path json = writePlan(dir.resolve("large.json"), "{\"name\": \"big\", \"description\": \"", 2_900_000,
        "\", " + jsonRest() + "}");
    assertTrue(Files.size(json) < PlanText.MAX_BYTES);
    assertEquals(2_900_000, PlanLoader.load(json, Map.of()).description().length());
  }

  @Test
  void aYamlPlanUnderTheLimitIsReadInTimeLinearInItsSize(@TempDir Path dir) throws IOException {
    // one 2.9 MB word took 7 s and 1 GB (SnakeYAML's look-ahead grows with the square of a run without a blank)
    Path word = writePlan(dir.resolve("word.yaml"), "name: big\ndescription: \"", 2_900_000, "\"\n" + yamlRest());
    long before = allocatedBytes();
    long t0 = System.nanoTime();
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(word, Map.of()));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    assertEquals(word + ":2: more than 65,536 characters without a space or line break; a plan's values are names,"
        + " numbers and short text (a YAML reader takes time that grows with the square of such a run's length)",
        e.getMessage());
    assertTrue(millis < 500, "took " + millis + " ms");
    assertTrue(allocatedBytes() - before < 32 * MB, "allocated " + (allocatedBytes() - before) + " bytes");
    // the same size in words of ordinary length reads, and so does the longest run allowed
    Path words = dir.resolve("words.yaml");
    Files.writeString(words, "name: big\ndescription: \"" + ("a".repeat(49) + " ").repeat(58_000)
        + "b".repeat(PlanText.MAX_RUN - 1) + "\"\n" + yamlRest());  // the closing quote makes it MAX_RUN
    assertEquals(58_000 * 50 + PlanText.MAX_RUN - 1, PlanLoader.load(words, Map.of()).description().length());
  }

  @Test
  void aPlanOneByteOverTheLimitIsRefused(@TempDir Path dir) throws IOException {
    String head = "name: big\n";
    String tail = yamlRest();
    Path plan = writeCommentedPlan(dir.resolve("over.yaml"), PlanText.MAX_BYTES + 1 - head.length() - tail.length());
    assertEquals(PlanText.MAX_BYTES + 1, Files.size(plan));
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, Map.of()));
    assertEquals(plan + ": the plan is larger than 3 MB (the limit); a plan names targets, scenarios, sweeps and"
        + " properties and takes a few kilobytes: keep data and long text out of it", e.getMessage());
  }

  @Test
  void textAlreadyInMemoryIsHeldToTheSameLimit() {
    String text = "name: big\ndescription: \"" + "a".repeat(PlanText.MAX_BYTES) + "\"\n" + yamlRest();
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(text, Path.of("in-memory.yaml"),
        Map.of()));
    assertTrue(e.getMessage().startsWith("in-memory.yaml: the plan is larger than 3 MB (the limit)"), e.getMessage());
  }

  @Test
  void aUriOfManyReferencesToALargeVariableIsRefusedBeforeItGrowsWithoutBound() {
    String refs = "${BIG}".repeat(10_000);  // 60 kB of plan, 1.3 GB once filled in
    String text = "name: big\ntargets:\n  - name: t\n    uri: \"mongodb://h:1/" + refs + "\"\nscenarios:\n"
        + "  - name: s\n    workload: " + WORKLOAD + "\n";
    Map<String, String> env = Map.of("BIG", "x".repeat(128 * 1024));
    long before = allocatedBytes();
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(text, Path.of("p.yaml"), env));
    assertTrue(allocatedBytes() - before < 64 * MB, "allocated " + (allocatedBytes() - before) + " bytes");
    assertTrue(e.getMessage().contains("targets[0].uri: longer than 65536 characters once its ${NAME}s are filled in"
        + " (BIG holds 131072)"), e.getMessage());
  }

  private static void assertRefusedQuickly(Path plan) {
    long before = allocatedBytes();
    long t0 = System.nanoTime();
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, Map.of()));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    long allocated = allocatedBytes() - before;
    assertTrue(e.getMessage().startsWith(plan + ": the plan is larger than 3 MB (the limit)"), e.getMessage());
    assertTrue(millis < 500, "took " + millis + " ms");
    // the limit plus a margin: the 50 MB are never read, let alone decoded or parsed
    assertTrue(allocated < 16 * MB, "allocated " + allocated + " bytes");
  }

  /** Bytes this thread has allocated so far (HotSpot's counter): a bound on the heap a call needed. */
  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
  }

  /** {@code head}, {@code n} letters streamed to the file in chunks (never held as one string), then {@code tail}. */
  private static Path writePlan(Path file, String head, long n, String tail) throws IOException {
    char[] chunk = new char[64 * 1024];
    java.util.Arrays.fill(chunk, 'a');
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(head);
      for (long left = n; left > 0; left -= chunk.length) {
        w.write(chunk, 0, (int) Math.min(chunk.length, left));
      }
      w.write(tail);
    }
    return file;
  }

  /** A plan of {@code bytes} bytes in all, padded with comment lines of ordinary length. */
  private static Path writeCommentedPlan(Path file, long commentBytes) throws IOException {
    String head = "name: big\n";
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(head);
      String line = "# " + "c".repeat(77) + "\n";
      long left = commentBytes;
      while (left >= line.length() + 2) {
        w.write(line);
        left -= line.length();
      }
      w.write("#" + "c".repeat((int) left - 2) + "\n");
      w.write(yamlRest());
    }
    return file;
  }

  private static String yamlRest() {
    return "targets:\n  - name: embedded\n    uri: embedded\nscenarios:\n  - name: s\n    workload: " + WORKLOAD + "\n";
  }

  private static String jsonRest() {
    return "\"targets\": [{\"name\": \"embedded\", \"uri\": \"embedded\"}], \"scenarios\": [{\"name\": \"s\","
        + " \"workload\": \"" + WORKLOAD + "\"}]";
  }
}
