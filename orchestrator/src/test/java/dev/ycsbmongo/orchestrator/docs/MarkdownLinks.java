package dev.ycsbmongo.orchestrator.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown pages and whether each resolves: to an existing file, and, when it
 * names an anchor, to a heading of that file with GitHub's anchor for it. External links are not followed.
 */
final class MarkdownLinks {

  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*?) *#*$");

  private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

  private MarkdownLinks() {
  }

  /** Every link of {@code pages} that does not resolve, as "page:line: target (why)". */
  static List<String> broken(List<Path> pages) {
    MarkdownLinks links = new MarkdownLinks();
    List<String> broken = new ArrayList<>();
    for (Path page : pages) {
      List<String> lines = read(page);
      boolean inFence = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.startsWith("```")) {
          inFence = !inFence;
          continue;
        }
        if (inFence) {
          continue;
        }
        Matcher m = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
        while (m.find()) {
          String why = links.whyBroken(page, m.group(1));
          if (why != null) {
            broken.add(page + ":" + (i + 1) + ": " + m.group(1) + " (" + why + ")");
          }
        }
      }
    }
    return broken;
  }

  /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
  static String anchor(String heading) {
    return heading.strip().toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "")
        .replace(' ', '-');
  }

  private String whyBroken(Path page, String target) {
    if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
      return null;
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
    if (!Files.exists(resolved)) {
      return "no such file " + resolved;
    }
    if (hash < 0) {
      return null;
    }
    String anchor = target.substring(hash + 1);
    if (!resolved.toString().endsWith(".md")) {
      return "an anchor into a file that is not Markdown";
    }
    return anchorsOf(resolved).contains(anchor) ? null : "no heading with anchor #" + anchor + " in " + resolved;
  }

  private Set<String> anchorsOf(Path file) {
    return anchorsByFile.computeIfAbsent(file.toAbsolutePath().normalize(), f -> {
      Set<String> anchors = new HashSet<>();
      Map<String, Integer> seen = new HashMap<>();
      boolean inFence = false;
      for (String line : read(f)) {
        if (line.startsWith("```")) {
          inFence = !inFence;
        }
        Matcher m = HEADING.matcher(line);
        if (!inFence && m.matches()) {
          String base = anchor(m.group(1));
          int n = seen.merge(base, 1, Integer::sum);
          anchors.add(n == 1 ? base : base + "-" + (n - 1));
        }
      }
      return anchors;
    });
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
