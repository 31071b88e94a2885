package dev.ycsbmongo.it;

import dev.ycsbmongo.it.SideBySideRun.By;
import dev.ycsbmongo.it.SideBySideRun.Profile;
import dev.ycsbmongo.it.SideBySideRun.Step;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One command pair of the side-by-side suite: steps run through both launchers, and what is
 * allowed to differ. Built with {@link #of} and its fluent methods; {@link #toString} is the
 * name JUnit shows.
 */
final class SideBySidePair {

  /** Records and operations of every pair: hundreds, so the suite runs in minutes on two cores. */
  static final int RECORDS = 300;
  static final int OPERATIONS = 300;
  /** Thread counts above this are capped: the launchers' many-thread settings are LauncherIT's business. */
  static final int MAX_THREADS = 8;

  /**
   * A difference that is deliberate (ours better than stock): the facts or counts it shows in,
   * why, and what must hold of the two profiles (stock's, ours) of the last step.
   */
  record Deliberate(String reason, Set<String> keys, BiPredicate<Profile, Profile> holds) {
  }

  final String name;
  final List<Step> steps = new ArrayList<>();
  /** A run phase of several operation kinds: their counts are random, compared with room for chance. */
  boolean mixed;
  /** When set, both sides must have kept YCSB's operations on at most this many connections. */
  Integer poolBound;
  /** When set, both runs must have taken at least this long (-target). */
  Long minRunMs;
  Deliberate deliberate;

  private SideBySidePair(String name) {
    this.name = name;
  }

  static SideBySidePair of(String name) {
    return new SideBySidePair(name);
  }

  /** A step run through each side's own launcher; {@code args} split at spaces. */
  SideBySidePair load(String args) {
    return step("load", args, By.EACH);
  }

  SideBySidePair run(String args) {
    return step("run", args, By.EACH);
  }

  /** A set-up step, the same launcher on both sides. */
  SideBySidePair loadBy(By by, String args) {
    return step("load", args, by);
  }

  /** A step written as a study's document writes it ({@link #study}). */
  SideBySidePair study(String verbatim) {
    steps.add(study(verbatim, By.EACH));
    return this;
  }

  SideBySidePair mixed() {
    this.mixed = true;
    return this;
  }

  SideBySidePair pool(int bound) {
    this.poolBound = bound;
    return this;
  }

  SideBySidePair atLeastMs(long ms) {
    this.minRunMs = ms;
    return this;
  }

  SideBySidePair deliberate(String reason, Set<String> keys, BiPredicate<Profile, Profile> holds) {
    this.deliberate = new Deliberate(reason, keys, holds);
    return this;
  }

  private SideBySidePair step(String phase, String args, By by) {
    List<String> list = new ArrayList<>();
    for (String arg : args.trim().split("\\s+")) {
      list.add(arg);
    }
    steps.add(new Step(phase, withUrl(workloadPaths(list)), by));
    return this;
  }

  /** {@code -P workloads/x} as the project's file, so the command runs from any directory. */
  private static List<String> workloadPaths(List<String> args) {
    Path root = ProjectRoot.find();
    List<String> out = new ArrayList<>(args);
    for (int i = 0; i + 1 < out.size(); i++) {
      if (out.get(i).equals("-P") && out.get(i + 1).startsWith("workloads/")) {
        out.set(i + 1, root.resolve(out.get(i + 1)).toString());
      }
    }
    return out;
  }

  /** {@code -p mongodb.url=mongodb://HOST/ycsb} unless the step names a URL of its own. */
  private static List<String> withUrl(List<String> args) {
    if (args.stream().anyMatch(a -> a.startsWith("mongodb.url="))) {
      return args;
    }
    List<String> out = new ArrayList<>(args);
    out.add("-p");
    out.add("mongodb.url=mongodb://" + Step.HOST + "/ycsb");
    return out;
  }

  private static final Pattern URL_HOSTS = Pattern.compile("^(mongodb(?:\\+srv)?://)([^/?]*)(.*)$");

  /**
   * A study's command line as its document writes it, shell quoting and all, mapped to a step:
   * the launcher it names ({@code ./bin/ycsb.sh}, {@code ./bin/ycsb}, {@code . /bin/ycsb}) becomes
   * each side's launcher; the URL's credentials and managed-service host become the side's test
   * server (path and options kept: {@code /admin}, {@code &maxPoolSize=8000} are what is tested;
   * the test server has no users); record and operation counts become {@value #RECORDS} and
   * {@value #OPERATIONS}, thread counts at most {@value #MAX_THREADS}. Every other argument is kept.
   */
  static Step study(String verbatim, By by) {
    List<String> words = shellWords(verbatim);
    int at = 0;
    while (at < words.size() && !words.get(at).equals("load") && !words.get(at).equals("run")) {
      at++;  // ".", "/bin/ycsb", "./bin/ycsb.sh": the launcher
    }
    if (at + 1 >= words.size() || !words.get(at + 1).equals("mongodb")) {
      throw new IllegalArgumentException("not a YCSB mongodb command: " + verbatim);
    }
    String phase = words.get(at);
    List<String> args = new ArrayList<>();
    for (int i = at + 2; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : null;
      if (w.equals("-threads") && next != null) {
        args.add(w);
        args.add(String.valueOf(Math.min(MAX_THREADS, Integer.parseInt(next))));
        i++;
      } else if (w.startsWith("recordcount=")) {
        args.add("recordcount=" + RECORDS);
      } else if (w.startsWith("operationcount=")) {
        args.add("operationcount=" + OPERATIONS);
      } else if (w.startsWith("mongodb.url=")) {
        Matcher m = URL_HOSTS.matcher(w.substring("mongodb.url=".length()));
        if (!m.matches()) {
          throw new IllegalArgumentException("a URL this test cannot map: " + w);
        }
        args.add("mongodb.url=mongodb://" + Step.HOST + m.group(3));
      } else {
        args.add(w);
      }
    }
    return new Step(phase, args, by);
  }

  /** Words as a POSIX shell splits them: blanks separate, double and single quotes group. */
  static List<String> shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  @Override
  public String toString() {
    return name;
  }
}
