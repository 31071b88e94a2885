package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.Keys;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A YCSB property two paired cells must agree on unless the comparison accepts the difference
 * ({@code differing:}): a throughput at 32 threads against one at 64, or over 16 million records
 * against 32 million, measures the setting and the load together.
 */
public enum CellProperty {
  THREADS("threads", Keys.THREAD_COUNT),
  /** Client processes: 4 clients of 8 threads offer another load than 1 of 8 (or of 32: one JVM, one pool). */
  CLIENTS("clients", PropertyRules.CLIENTS),
  RECORDCOUNT("recordcount", "recordcount"),
  OPERATIONCOUNT("operationcount", "operationcount");

  /** What the plan and {@code --differing} accept, in order. */
  public static final String ACCEPTED = "threads (threadcount), clients, recordcount, operationcount";

  private final String word;
  private final String key;

  CellProperty(String word, String key) {
    this.word = word;
    this.key = key;
  }

  /** The word a plan writes: {@code threads}, {@code recordcount}, {@code operationcount}. */
  public String word() {
    return word;
  }

  /** The YCSB property a cell ran with: {@code threadcount}, ... */
  public String key() {
    return key;
  }

  /** The property a plan or command line names by its word or its YCSB key ({@code threadcount} for threads). */
  public static Optional<CellProperty> named(String text) {
    String t = text.strip();
    return Arrays.stream(values()).filter(p -> p.word.equals(t) || p.key.equals(t)).findFirst();
  }

  /**
   * The YCSB property a key written in a plan or on a command line stands for: {@code threads} (what
   * people type, YCSB's {@code -threads}) is {@code threadcount}; any other key is itself.
   */
  public static String propertyKey(String written) {
    return THREADS.word.equals(written) ? THREADS.key : written;
  }

  /** How headings and messages show a YCSB property: {@code threadcount} as {@code threads}; any other key as itself. */
  public static String shownAs(String key) {
    return THREADS.key.equals(key) ? THREADS.word : key;
  }

  public static List<String> words() {
    return Arrays.stream(values()).map(CellProperty::word).toList();
  }
}
