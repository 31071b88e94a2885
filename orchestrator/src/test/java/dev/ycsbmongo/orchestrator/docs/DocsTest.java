package dev.ycsbmongo.orchestrator.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README.md is the front door and docs/ holds the reference pages: every link between them resolves. */
class DocsTest {

  private static final Path ROOT = Path.of("..");
  private static final Path README = ROOT.resolve("README.md");
  private static final int README_MAX_LINES = 260;

  @Test
  void everyRelativeLinkOfReadmeAndDocsResolves() throws IOException {
    List<String> broken = MarkdownLinks.broken(pages());
    assertTrue(broken.isEmpty(), "links that do not resolve:\n" + String.join("\n", broken));
  }

  @Test
  void readmeStaysAFrontDoor() throws IOException {
    long lines = Files.readAllLines(README, StandardCharsets.UTF_8).size();
    assertTrue(lines <= README_MAX_LINES,
        "README.md has " + lines + " lines; the front door keeps to " + README_MAX_LINES + ": move detail to docs/");
  }

  @Test
  void readmeGivesTheTwoCommands() throws IOException {
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    // .ci/run runs the test command; QuickstartPlanIT runs the main one.
    assertTrue(readme.contains("\nmvn -B verify\n"), "README.md lost its test command");
    assertTrue(readme.contains("\nmvn -B -q package -DskipTests && scripts/orchestrator run workloads/plans/quickstart.yaml\n"),
        "README.md lost its build-and-run command");
    assertTrue(Files.readString(ROOT.resolve(".ci/run"), StandardCharsets.UTF_8).contains("\nmvn -B verify\n"),
        ".ci/run no longer runs the README's test command");
  }

  @Test
  void docsNameNoIssueAndNoPathOutsideTheRepository() throws IOException {
    Pattern issue = Pattern.compile("\\b[Ii]ssues? #?\\d+");
    List<String> found = new ArrayList<>();
    for (Path page : pages()) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.contains("../shared") || issue.matcher(line).find()) {
          found.add(page + ":" + (i + 1) + ": " + line.strip());
        }
      }
    }
    assertTrue(found.isEmpty(), "docs name an issue or a path outside the repository:\n" + String.join("\n", found));
  }

  @Test
  void aMissingFileOrHeadingIsReported(@TempDir Path dir) throws IOException {
    Path page = dir.resolve("a.md");
    Files.writeString(page, String.join("\n",
        "# Page A", "## Whole run and steady (`report`)",
        "[ok](#whole-run-and-steady-report) [ok](b.md#b-title) [ok](https://example.com/x)",
        "[gone](c.md) [no heading](b.md#nothing) `[in code](d.md)`",
        "```", "[in a fence](e.md)", "```"), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("b.md"), "# B title\n", StandardCharsets.UTF_8);
    List<String> broken = MarkdownLinks.broken(List.of(page));
    assertEquals(2, broken.size(), broken.toString());
    assertTrue(broken.get(0).contains("c.md (no such file"), broken.get(0));
    assertTrue(broken.get(1).contains("b.md#nothing (no heading"), broken.get(1));
  }

  @Test
  void anchorsAreGithubs() {
    assertEquals("verdicts-when-a-cell-is-ok", MarkdownLinks.anchor("Verdicts: when a cell is ok"));
    assertEquals("studies-scriptsorchestrator", MarkdownLinks.anchor("Studies: `scripts/orchestrator`"));
    assertEquals("ycsb-0170s-options-side-by-side", MarkdownLinks.anchor("YCSB 0.17.0's options, side by side"));
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(README));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }
}
