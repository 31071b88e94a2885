package dev.ycsbmongo.binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The binding's whole configuration: the shared client's settings plus what each YCSB thread's
 * DB instance does with them (batching, upserts). Built and validated once from YCSB properties.
 */
public record BindingSettings(ClientConfig client, int batchSize, boolean upsert, int threadCount) {

  public BindingSettings {
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be >= 1, got " + batchSize);
    }
  }

  /** Parses and validates; a bad value fails with one line naming the property, the value and what is accepted. */
  public static BindingSettings from(Properties properties, Map<String, String> env) throws InvalidSettingException {
    try {
      rejectUnknownKeys(properties);
      PropertyReader p = new PropertyReader(properties);
      int threadCount = p.positiveInt(Keys.THREAD_COUNT).orElse(1);
      int batchSize = p.positiveInt(Keys.BATCH_SIZE).or(() -> p.positiveInt(Keys.BATCH_SIZE_STOCK)).orElse(1);
      boolean upsert = p.bool(Keys.UPSERT).orElse(false);
      return new BindingSettings(ClientConfig.from(p, env, threadCount), batchSize, upsert, threadCount);
    } catch (PropertyReader.SettingValueException e) {
      throw new InvalidSettingException(e.getMessage());
    } catch (IllegalArgumentException | IllegalStateException e) {
      // a combination the driver refuses that no single-property check above caught
      throw new InvalidSettingException("mongodb binding settings: " + String.valueOf(e.getMessage()).replace('\n', ' '));
    }
  }

  /** Same as {@link #from(Properties, Map)} with the process environment. */
  public static BindingSettings from(Properties properties) throws InvalidSettingException {
    return from(properties, System.getenv());
  }

  private static void rejectUnknownKeys(Properties properties) {
    List<String> unknown = new ArrayList<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith("mongodb.") && !Keys.ALL_MONGODB.contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      unknown.sort(null);
      String key = unknown.get(0);
      String hint = Keys.closest(key).map(k -> "did you mean " + k + "? ").orElse("");
      throw new PropertyReader.SettingValueException(key + ": unknown property; " + hint
          + "accepted mongodb.* properties: " + String.join(", ", Keys.ALL_MONGODB));
    }
  }

  /** One line for the log: the effective settings, URL masked. */
  public String describe() {
    ClientConfig c = client;
    StringBuilder s = new StringBuilder();
    s.append(c.maskedUrl()).append(" database=").append(c.database())
        .append(" writeConcern=").append(WriteConcerns.describe(c.writeConcern()))
        .append(" readPreference=").append(c.readPreference().getName())
        .append(" readConcern=").append(c.readConcern() == null || c.readConcern().getLevel() == null
            ? "default" : c.readConcern().getLevel().getValue())
        .append(" maxPoolSize=").append(c.maxPoolSize() == 0 ? "unlimited" : String.valueOf(c.maxPoolSize()))
        .append(" threads=").append(threadCount)
        .append(" batchsize=").append(batchSize)
        .append(" upsert=").append(upsert);
    if (!c.compressors().isEmpty()) {
      s.append(" compressors=").append(String.join(",", c.compressors()));
    }
    return s.toString();
  }
}
