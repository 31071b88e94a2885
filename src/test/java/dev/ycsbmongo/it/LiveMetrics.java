package dev.ycsbmongo.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The orchestrator's live metrics endpoint seen from outside: where a run says it listens, one scrape over
 * HTTP, and the Prometheus text format (version 0.0.4) read into samples, every sample's family typed.
 */
final class LiveMetrics {

  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Pattern URL = Pattern.compile("(?m)^metrics: (http://\\S+/metrics) ");
  private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

  private LiveMetrics() {
  }

  /** One sample line: {@code name{label="value",...} value}. */
  record Sample(String name, Map<String, String> labels, double value) {
  }

  /** A scrape's samples, read from the text format. */
  record Scrape(List<Sample> samples) {

    List<Sample> named(String name) {
      return samples.stream().filter(s -> s.name.equals(name)).toList();
    }

    /** The one sample of {@code name} whose labels include {@code labels}. */
    Optional<Sample> find(String name, Map<String, String> labels) {
      return samples.stream().filter(s -> s.name.equals(name) && s.labels.entrySet().containsAll(labels.entrySet()))
          .findFirst();
    }

    double value(String name) {
      return find(name, Map.of()).orElseThrow(() -> new AssertionError("no " + name + " in " + samples)).value;
    }
  }

  /** Parses the text format; fails on a line it cannot read or a sample whose family has no TYPE line. */
  static Scrape parse(String text) {
    List<Sample> samples = new ArrayList<>();
    Set<String> typed = new HashSet<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("# TYPE ")) {
        typed.add(line.split(" ")[2]);
        continue;
      }
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        throw new AssertionError("not a sample line of the text format: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        int end = 0;
        while (l.find() && l.start() == end) {
          labels.put(l.group(1), l.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
          end = l.end();
        }
        if (end != m.group(2).length()) {
          throw new AssertionError("labels not read whole: " + line);
        }
      }
      if (!typed.contains(m.group(1))) {
        throw new AssertionError("sample " + m.group(1) + " before (or without) its # TYPE line");
      }
      samples.add(new Sample(m.group(1), labels, value(m.group(3))));
    }
    return new Scrape(samples);
  }

  private static double value(String text) {
    return switch (text) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  static HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /**
   * The endpoint's URL as the run started in {@code workDir} printed it ({@code metrics: http://...}, on
   * stderr, see {@link LauncherRun}); fails at once when {@code process} ends first.
   */
  static String awaitUrl(Process process, Path workDir, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(workDir)) {
        for (Path f : files.filter(f -> f.getFileName().toString().matches("run-.*\\.stderr")).toList()) {
          Matcher m = URL.matcher(Files.readString(f));
          if (m.find()) {
            return m.group(1);
          }
        }
      } catch (IOException | java.io.UncheckedIOException e) {
        // not written yet
      }
      if (!process.isAlive()) {
        throw new AssertionError("the orchestrator ended (exit " + process.exitValue() + ") before saying where its "
            + "metrics are");
      }
      sleep(100);
    }
    throw new AssertionError("no 'metrics: URL' line within " + timeout);
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
