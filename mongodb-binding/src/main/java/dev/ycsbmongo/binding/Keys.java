package dev.ycsbmongo.binding;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The property names the binding reads: one place, so the unknown-key check and the README agree. */
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
  public static final String THREAD_COUNT = "threadcount";

  static final List<String> ALL_MONGODB = List.of(URL, DATABASE, WRITE_CONCERN, JOURNAL, WTIMEOUT_MS,
      READ_PREFERENCE, READ_PREFERENCE_TAGS, MAX_STALENESS_SECONDS, READ_CONCERN, MAX_POOL_SIZE, MIN_POOL_SIZE,
      MAX_CONNECTING, WAIT_QUEUE_TIMEOUT_MS, MAX_IDLE_TIME_MS, MAX_LIFE_TIME_MS, CONNECT_TIMEOUT_MS,
      SOCKET_TIMEOUT_MS, SERVER_SELECTION_TIMEOUT_MS, COMPRESSORS, RETRY_WRITES, RETRY_READS, APP_NAME,
      BATCH_SIZE, UPSERT);

  private Keys() {
  }

  /** The known key closest to a misspelled one, for "did you mean". */
  static Optional<String> closest(String unknown) {
    String u = unknown.toLowerCase(Locale.ROOT).replace(" ", "");
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String key : ALL_MONGODB) {
      int d = distance(u, key.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = key;
      }
    }
    return bestDistance <= Math.max(3, u.length() / 3) ? Optional.of(best) : Optional.empty();
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
