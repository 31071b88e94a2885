package dev.ycsbmongo.binding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The binding's whole configuration: the shared client's settings plus what each YCSB thread's
 * DB instance does with them (batching, upserts). Built and validated once from YCSB properties.
 *
 * @param extraMeasurements whether the binding's own measurements ({@code POOL-CHECKOUT},
 *     {@code INSERT-BATCH}) are recorded into YCSB's: off by default, so YCSB's final block has
 *     exactly YCSB 0.17.0's shape (scripts that sum its Operations rows keep working)
 * @param notes what the user should know about how the properties were read (a deprecated YCSB
 *     0.17.0 name and its modern form, a property the URL overrides): printed once, when the
 *     client opens
 */
public record BindingSettings(ClientConfig client, int batchSize, boolean upsert, int threadCount,
    boolean extraMeasurements, List<String> notes) {

  public BindingSettings {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be >= 1, got " + batchSize);
    }
    notes = List.copyOf(notes);
  }

  /** Parses and validates; a bad value fails with one line naming the property, the value and what is accepted. */
  public static BindingSettings from(Properties properties, Map<String, String> env) throws InvalidSettingException {
    try {
      rejectUnknownKeys(properties);
      PropertyReader p = new PropertyReader(properties);
      int threadCount = p.positiveInt(Keys.THREAD_COUNT).orElse(1);
      int batchSize = p.positiveInt(Keys.BATCH_SIZE).or(() -> p.positiveInt(Keys.BATCH_SIZE_STOCK)).orElse(1);
      boolean upsert = p.bool(Keys.UPSERT).orElse(false);
      boolean extraMeasurements = p.bool(Keys.EXTRA_MEASUREMENTS).orElse(false);
      List<String> notes = new ArrayList<>();
      ClientConfig client = ClientConfig.from(p, env, threadCount, notes);
      return new BindingSettings(client, batchSize, upsert, threadCount, extraMeasurements, notes);
    } catch (PropertyReader.SettingValueException e) {
      throw new InvalidSettingException(e.getMessage());
    } catch (IllegalArgumentException | IllegalStateException e) {
      // a combination the driver refuses that no single-property check above caught
      throw new InvalidSettingException("mongodb binding settings: " + String.valueOf(e.getMessage()).replace('\n', ' '));
    }
  }

  /**
   * Same as {@link #from(Properties, Map)} with the process environment, parsed once per distinct
   * input: YCSB hands every thread's DB the same properties, and with {@code -threads 10000}
   * parsing them 10,000 times would parse the URL 10,000 times (for {@code mongodb+srv://},
   * each parse is a DNS query).
   */
  public static BindingSettings from(Properties properties) throws InvalidSettingException {
    Map<String, String> env = System.getenv();
    Parsed parsed = PARSED.computeIfAbsent(new ParseInput(relevant(properties), env), in -> {
      try {
        return new Parsed(from(properties, env), null);
      } catch (InvalidSettingException e) {
        return new Parsed(null, e);
      }
    });
    if (parsed.error() != null) {
      throw parsed.error();
    }
    return parsed.settings();
  }

  private record ParseInput(Map<String, String> properties, Map<String, String> env) {
  }

  private record Parsed(BindingSettings settings, InvalidSettingException error) {
  }

  private static final Map<ParseInput, Parsed> PARSED = new ConcurrentHashMap<>();

  /** The properties {@link #from(Properties, Map)} reads; the rest of YCSB's cannot change the result. */
  private static Map<String, String> relevant(Properties properties) {
    Map<String, String> relevant = new HashMap<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith("mongodb.") || key.equals(Keys.THREAD_COUNT) || key.equals(Keys.BATCH_SIZE_STOCK)) {
        relevant.put(key, properties.getProperty(key));
      }
    }
    return relevant;
  }

  private static void rejectUnknownKeys(Properties properties) {
    List<String> unknown = new ArrayList<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith("mongodb.") && !Keys.accepted().contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      unknown.sort(null);
      String key = unknown.get(0);
      String hint = Keys.closest(key).map(k -> "did you mean " + k + "? ").orElse("");
      throw new PropertyReader.SettingValueException(key + ": unknown property; " + hint
          + "accepted mongodb.* properties: " + String.join(", ", Keys.ALL_MONGODB) + " (and YCSB 0.17.0's "
          + String.join(", ", Keys.DEPRECATED_MONGODB) + ")");
    }
  }

  /** One line for the log: the effective settings, URL masked. */
  public String describe() {
    ClientConfig c = client;
    StringBuilder s = new StringBuilder();
    s.append(c.maskedUrl()).append(" database=").append(c.database())
        .append(" writeConcern=").append(WriteConcerns.describe(c.writeConcern()))
        .append(" readPreference=").append(c.readPreference().getName())
        .append(" readConcern=").append(c.readConcernName())
        .append(" maxPoolSize=").append(c.maxPoolSize() == 0 ? "unlimited" : String.valueOf(c.maxPoolSize()))
        .append(" threads=").append(threadCount)
        .append(" batchsize=").append(batchSize)
        .append(" upsert=").append(upsert)
        .append(" retryReads=").append(c.retryReads())
        .append(" retryWrites=").append(c.retryWrites())
        .append(" (").append(KeyCommands.describe(c)).append(')');
    if (!c.compressors().isEmpty()) {
      s.append(" compressors=").append(String.join(",", c.compressors()));
    }
    return s.toString();
  }
}
