package dev.ycsbmongo.orchestrator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ycsbmongo.orchestrator.process.HostLimits;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed and hostile plans (src/test/resources/bad-plans, expectations in its index.tsv), each
 * through the real command line in-process: {@code validate} and {@code run} both refuse it with
 * exit status 2 and exactly one line on stderr naming the file, line and key, no stack trace,
 * nothing on stdout, and {@code run} creates no run directory.
 */
class BadPlansTest {

  private static final Path DIR = resource("bad-plans");

  record Expected(String file, int line, String key, String fragment) {
    @Override
    public String toString() {
      return file;
    }
  }

  static Stream<Arguments> plans() throws IOException {
    return Files.readAllLines(DIR.resolve("index.tsv"), StandardCharsets.UTF_8).stream()
        .filter(l -> !l.isBlank() && !l.startsWith("#"))
        .map(l -> l.split("\t"))
        .map(f -> Arguments.of(new Expected(f[0], Integer.parseInt(f[1]), f[2], f[3])));
  }

  @Test
  void holdsAtLeastFortyPlansAndListsEveryFile() throws IOException {
    List<String> listed = plans().map(a -> ((Expected) a.get()[0]).file()).toList();
    assertTrue(listed.size() >= 40, "only " + listed.size() + " bad plans");
    try (Stream<Path> files = Files.list(DIR)) {
      List<String> onDisk = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
          .filter(n -> !n.equals("index.tsv")).sorted().toList();
      assertEquals(onDisk, listed.stream().sorted().toList(), "every bad plan has its expectation, and only those");
    }
  }

  @ParameterizedTest(name = "validate refuses {0}")
  @MethodSource("plans")
  void validateRefusesInOneLine(Expected e) {
    skipUnlessThisMachineHasThreadLimits(e);
    Path plan = DIR.resolve(e.file());
    assertRefused(e, plan, InProcessCli.run("validate", "--no-probe", plan.toString()));
  }

  @ParameterizedTest(name = "run refuses {0}")
  @MethodSource("plans")
  void runRefusesTheSameBeforeCreatingAnything(Expected e, @TempDir Path out) throws IOException {
    skipUnlessThisMachineHasThreadLimits(e);
    Path plan = DIR.resolve(e.file());
    assertRefused(e, plan, InProcessCli.run("run", "--progress", "none", "-o", out.toString(), plan.toString()));
    try (Stream<Path> created = Files.list(out)) {
      assertEquals(0, created.count(), "run created a run directory for a refused plan");
    }
  }

  private static void assertRefused(Expected e, Path plan, InProcessCli r) {
    assertEquals(2, r.exit(), r.err());
    assertEquals("", r.out(), "nothing printed before the refusal");
    assertTrue(r.err().endsWith("\n") && r.err().indexOf('\n') == r.err().length() - 1, "one line: " + r.err());
    assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "no stack trace: " + r.err());
    assertFalse(r.err().contains("Secret77"), "no password: " + r.err());
    String where = "orchestrator: " + plan + (e.line() > 0 ? ":" + e.line() : "") + ": "
        + (e.key().equals("-") ? "" : e.key() + ": ");
    assertTrue(r.err().startsWith(where), "expected it to start with '" + where + "': " + r.err());
    assertTrue(r.err().contains(e.fragment()), "expected '" + e.fragment() + "' in: " + r.err());
  }

  /**
   * The thread ceiling comes from /proc: elsewhere there is no figure to refuse with. 5,000,000
   * threads is beyond Linux's largest pid_max (2^22); 50,000 (a case met in practice) is beyond this
   * 2-core machine's pid_max of 32,768, but a larger machine may host it.
   */
  private static void skipUnlessThisMachineHasThreadLimits(Expected e) {
    if (e.file().startsWith("threads-beyond-machine") || e.file().startsWith("threads-fifty-thousand")) {
      var ceiling = HostLimits.current().threadCeiling();
      assumeTrue(ceiling.isPresent(), "no thread limits known on this machine");
      assumeTrue(!e.file().startsWith("threads-fifty-thousand") || ceiling.get().threads() < 50_000,
          "this machine can host 50,000 threads: " + ceiling.get());
    }
  }

  private static Path resource(String name) {
    try {
      return Path.of(BadPlansTest.class.getClassLoader().getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
