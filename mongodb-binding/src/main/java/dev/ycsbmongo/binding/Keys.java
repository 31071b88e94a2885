package dev.ycsbmongo.binding;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The property names the binding reads: one place, so the unknown-key check and docs/binding.md agree. */
public final class Keys {

  public static final String URL = "mongodb.url";
  public static final String DATABASE = "mongodb.database";
  public static final String WRITE_CONCERN = "mongodb.writeConcern";
  public static final String JOURNAL = "mongodb.journal";
  public static final String WTIMEOUT_MS = "mongodb.wtimeoutMs";
  public static final String READ_PREFERENCE = "mongodb.readPreference";
  public static final String READ_PREFERENCE_TAGS = "mongodb.readPreferenceTags";
  public static final String MAX_STALENESS_SECONDS = "mongodb.maxStalenessSeconds";
  public static final String READ_CONCERN = "mongodb.readConcern";
  public static final String MAX_POOL_SIZE = "mongodb.maxPoolSize";
  public static final String MIN_POOL_SIZE = "mongodb.minPoolSize";
  public static final String MAX_CONNECTING = "mongodb.maxConnecting";
  public static final String WAIT_QUEUE_TIMEOUT_MS = "mongodb.waitQueueTimeoutMs";
  public static final String MAX_IDLE_TIME_MS = "mongodb.maxIdleTimeMs";
  public static final String MAX_LIFE_TIME_MS = "mongodb.maxLifeTimeMs";
  public static final String CONNECT_TIMEOUT_MS = "mongodb.connectTimeoutMs";
  public static final String SOCKET_TIMEOUT_MS = "mongodb.socketTimeoutMs";
  public static final String SERVER_SELECTION_TIMEOUT_MS = "mongodb.serverSelectionTimeoutMs";
  public static final String COMPRESSORS = "mongodb.compressors";
  public static final String RETRY_WRITES = "mongodb.retryWrites";
  public static final String RETRY_READS = "mongodb.retryReads";
  public static final String APP_NAME = "mongodb.appName";
  public static final String BATCH_SIZE = "mongodb.batchsize";
  /** The name YCSB's stock MongoDB README uses. */
  public static final String BATCH_SIZE_STOCK = "batchsize";
  public static final String UPSERT = "mongodb.upsert";
  /** true: the binding's own measurements (POOL-CHECKOUT, INSERT-BATCH) join YCSB's output. */
  public static final String EXTRA_MEASUREMENTS = "mongodb.extraMeasurements";
  public static final String THREAD_COUNT = "threadcount";
  /** YCSB 0.17.0's name for the pool size (its OptionsSupport adds it to the URL as maxPoolSize). */
  public static final String MAX_CONNECTIONS_STOCK = "mongodb.maxconnections";
  /** YCSB 0.17.0's driver-3 wait-queue cap (its OptionsSupport adds it to the URL as waitQueueMultiple). */
  public static final String THREADS_ALLOWED_TO_BLOCK_STOCK = "mongodb.threadsAllowedToBlockForConnectionMultiplier";

  static final List<String> ALL_MONGODB = List.of(URL, DATABASE, WRITE_CONCERN, JOURNAL, WTIMEOUT_MS,
      READ_PREFERENCE, READ_PREFERENCE_TAGS, MAX_STALENESS_SECONDS, READ_CONCERN, MAX_POOL_SIZE, MIN_POOL_SIZE,
      MAX_CONNECTING, WAIT_QUEUE_TIMEOUT_MS, MAX_IDLE_TIME_MS, MAX_LIFE_TIME_MS, CONNECT_TIMEOUT_MS,
      SOCKET_TIMEOUT_MS, SERVER_SELECTION_TIMEOUT_MS, COMPRESSORS, RETRY_WRITES, RETRY_READS, APP_NAME,
      BATCH_SIZE, UPSERT, EXTRA_MEASUREMENTS);

  /** YCSB 0.17.0's own option names for what the modern properties above say: accepted, with a note. */
  static final List<String> DEPRECATED_MONGODB = List.of(MAX_CONNECTIONS_STOCK, THREADS_ALLOWED_TO_BLOCK_STOCK);

  private static final List<String> ACCEPTED = Stream.concat(ALL_MONGODB.stream(), DEPRECATED_MONGODB.stream())
      .toList();

  /**
   * The properties YCSB 0.17.0's binding reads that the URL overrides there (OptionsSupport adds
   * each to the URL only when the URL lacks that option); the binding keeps that precedence for them.
   */
  public static final List<String> URL_WINS = List.of(WRITE_CONCERN, READ_PREFERENCE, MAX_CONNECTIONS_STOCK,
      THREADS_ALLOWED_TO_BLOCK_STOCK);

  private Keys() {
  }

  /** The known key closest to a misspelled one, for "did you mean". */
  static Optional<String> closest(String unknown) {
    return DidYouMean.closest(unknown, accepted());
  }

  /** Every {@code mongodb.*} property the binding reads under its modern name. */
  public static List<String> allMongodb() {
    return ALL_MONGODB;
  }

  /** Every {@code mongodb.*} property the binding accepts: the modern names, then YCSB 0.17.0's deprecated ones. */
  public static List<String> accepted() {
    return ACCEPTED;
  }
}
