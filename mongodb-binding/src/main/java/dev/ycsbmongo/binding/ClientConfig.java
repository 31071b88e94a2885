package dev.ycsbmongo.binding;

import com.mongodb.ConnectionString;
import com.mongodb.MongoCompressor;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import com.mongodb.ReadPreference;
import com.mongodb.TagSet;
import com.mongodb.TaggableReadPreference;
import com.mongodb.WriteConcern;
import com.mongodb.connection.ClusterSettings;
import com.mongodb.connection.ConnectionPoolSettings;
import com.mongodb.connection.SocketSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Everything that shapes the shared {@code MongoClient}, resolved once with one precedence rule:
 * an explicit {@code mongodb.*} property wins over the same setting in {@code mongodb.url},
 * which wins over the default. Values here are effective values, so what is logged is what the
 * driver gets. Two DB instances with equal configs share one client.
 */
public record ClientConfig(
    ConnectionString connectionString,
    String database,
    WriteConcern writeConcern,
    ReadPreference readPreference,
    ReadConcern readConcern,
    int maxPoolSize,
    int minPoolSize,
    int maxConnecting,
    long waitQueueTimeoutMs,
    long maxIdleTimeMs,
    long maxLifeTimeMs,
    long connectTimeoutMs,
    long socketTimeoutMs,
    long serverSelectionTimeoutMs,
    List<String> compressors,
    boolean retryWrites,
    boolean retryReads,
    String appName) {

  public static final String DEFAULT_URL = "mongodb://localhost:27017/ycsb";
  public static final String DEFAULT_DATABASE = "ycsb";
  public static final String DEFAULT_APP_NAME = "ycsb";
  private static final String ADMIN = "admin";
  /** Read when {@code mongodb.url} is not given, so the launcher keeps the URL off argument lists. */
  public static final String URL_ENV = "YCSB_MONGODB_URL";
  /** {@code mongodb.url=env:NAME} takes the URL from environment variable NAME. */
  public static final String ENV_PREFIX = "env:";
  static final List<String> COMPRESSORS = List.of("snappy", "zlib", "zstd");

  public ClientConfig {
    compressors = List.copyOf(compressors);
  }

  /** Builds the config from YCSB properties; {@code env} supplies {@value #URL_ENV}. */
  static ClientConfig from(PropertyReader p, Map<String, String> env, int threadCount) {
    String url = p.string(Keys.URL).map(v -> fromEnvironment(v, env)).orElseGet(() -> Optional.ofNullable(env.get(URL_ENV))
        .filter(s -> !s.isBlank()).map(String::trim).orElse(DEFAULT_URL));
    ConnectionString cs = parseUrl(url);
    ConnectionPoolSettings poolDefaults = ConnectionPoolSettings.builder().build();
    SocketSettings socketDefaults = SocketSettings.builder().build();
    ClusterSettings clusterDefaults = ClusterSettings.builder().build();

    int maxPool = first(p.nonNegativeInt(Keys.MAX_POOL_SIZE), cs.getMaxConnectionPoolSize(),
        () -> Math.max(poolDefaults.getMaxSize(), threadCount));
    int minPool = first(p.nonNegativeInt(Keys.MIN_POOL_SIZE), cs.getMinConnectionPoolSize(),
        poolDefaults::getMinSize);
    if (maxPool > 0 && minPool > maxPool) {
      throw new PropertyReader.SettingValueException(Keys.MIN_POOL_SIZE + ": '" + minPool
          + "' is not valid; accepted: a whole number from 0 to " + Keys.MAX_POOL_SIZE + " (" + maxPool + ")");
    }
    return new ClientConfig(
        cs,
        database(p.string(Keys.DATABASE), cs.getDatabase()),
        writeConcern(p, cs),
        readPreference(p, cs),
        readConcern(p, cs),
        maxPool,
        minPool,
        first(p.positiveInt(Keys.MAX_CONNECTING), cs.getMaxConnecting(), poolDefaults::getMaxConnecting),
        firstLong(p.nonNegativeMillis(Keys.WAIT_QUEUE_TIMEOUT_MS), asLong(cs.getMaxWaitTime()),
            () -> poolDefaults.getMaxWaitTime(TimeUnit.MILLISECONDS)),
        firstLong(p.nonNegativeMillis(Keys.MAX_IDLE_TIME_MS), asLong(cs.getMaxConnectionIdleTime()),
            () -> poolDefaults.getMaxConnectionIdleTime(TimeUnit.MILLISECONDS)),
        firstLong(p.nonNegativeMillis(Keys.MAX_LIFE_TIME_MS), asLong(cs.getMaxConnectionLifeTime()),
            () -> poolDefaults.getMaxConnectionLifeTime(TimeUnit.MILLISECONDS)),
        firstLong(p.nonNegativeMillis(Keys.CONNECT_TIMEOUT_MS), asLong(cs.getConnectTimeout()),
            () -> (long) socketDefaults.getConnectTimeout(TimeUnit.MILLISECONDS)),
        firstLong(p.nonNegativeMillis(Keys.SOCKET_TIMEOUT_MS), asLong(cs.getSocketTimeout()),
            () -> (long) socketDefaults.getReadTimeout(TimeUnit.MILLISECONDS)),
        firstLong(p.nonNegativeMillis(Keys.SERVER_SELECTION_TIMEOUT_MS), asLong(cs.getServerSelectionTimeout()),
            () -> clusterDefaults.getServerSelectionTimeout(TimeUnit.MILLISECONDS)),
        compressors(p, cs),
        // off unless asked for, as in YCSB 0.17.0's binding (driver 3.8): a retry hides a failed
        // operation inside a slow one, and retries force the driver's costlier path (KeyCommands)
        first(p.bool(Keys.RETRY_WRITES), cs.getRetryWritesValue(), () -> false),
        first(p.bool(Keys.RETRY_READS), cs.getRetryReads(), () -> false),
        p.string(Keys.APP_NAME).orElse(cs.getApplicationName() == null ? DEFAULT_APP_NAME : cs.getApplicationName()));
  }

  /**
   * The database YCSB's data goes to: {@code mongodb.database} when set, else the URL's path,
   * except that no path and a path of {@code admin} both mean {@code ycsb}, exactly as YCSB
   * 0.17.0's MongoDB binding does (the path of a managed service's URL often names {@code admin}
   * as the auth database: the data still goes to {@code ycsb}, so data loaded by either binding is
   * found by the other).
   */
  public static String database(Optional<String> explicit, String urlDatabase) {
    if (explicit.isPresent()) {
      return explicit.get();
    }
    return urlDatabase == null || urlDatabase.isEmpty() || urlDatabase.equals(ADMIN) ? DEFAULT_DATABASE : urlDatabase;
  }

  /** True when the URL's path says {@code admin} and the data goes to {@code ycsb} instead; worth a note. */
  public boolean databaseRedirectedFromAdmin() {
    return ADMIN.equals(connectionString.getDatabase()) && database.equals(DEFAULT_DATABASE);
  }

  /** {@code env:NAME} reads the URL from environment variable NAME, keeping it off argument lists and out of files. */
  private static String fromEnvironment(String value, Map<String, String> env) {
    if (!value.startsWith(ENV_PREFIX)) {
      return value;
    }
    String name = value.substring(ENV_PREFIX.length()).trim();
    String fromEnv = env.get(name);
    if (name.isEmpty() || fromEnv == null || fromEnv.isBlank()) {
      throw PropertyReader.invalid(Keys.URL, value, "a connection string, or env:NAME where environment variable NAME"
          + " holds one (" + (name.isEmpty() ? "no variable named" : name + " is not set") + ")");
    }
    return fromEnv.trim();
  }

  /** The URL as given; never print it: {@link #maskedUrl()} is the printable form. */
  public String url() {
    return connectionString.getConnectionString();
  }

  /** The URL with its password masked: the only form of it that may be printed. */
  public String maskedUrl() {
    return UriMasker.mask(url());
  }

  /** The read concern level for logs: {@code default} when the server's applies. */
  String readConcernName() {
    return readConcern == null || readConcern.getLevel() == null ? "default" : readConcern.getLevel().getValue();
  }

  static ConnectionString parseUrl(String url) {
    try {
      return new ConnectionString(url);
    } catch (RuntimeException e) {
      // the driver's message may quote the URL: mask it, and the password itself, before showing it
      String reason = String.valueOf(e.getMessage());
      for (String secret : UriMasker.passwords(url)) {
        reason = reason.replace(secret, UriMasker.MASK);
      }
      throw new PropertyReader.SettingValueException(Keys.URL + ": '" + url + "' is not valid ("
          + UriMasker.mask(reason).replace('\n', ' ') + "); accepted: mongodb://[user:password@]host[:port][,host...]"
          + "[/database][?options] or mongodb+srv://[user:password@]host[/database][?options]");
    }
  }

  private static WriteConcern writeConcern(PropertyReader p, ConnectionString cs) {
    Optional<WriteConcern> explicit = p.string(Keys.WRITE_CONCERN).map(v -> WriteConcerns.parse(Keys.WRITE_CONCERN, v));
    Optional<Boolean> journal = p.bool(Keys.JOURNAL);
    Optional<Long> wtimeout = p.nonNegativeMillis(Keys.WTIMEOUT_MS);
    WriteConcern wc = explicit.orElse(cs.getWriteConcern());
    if (wc == null && (journal.isPresent() || wtimeout.isPresent())) {
      wc = WriteConcern.ACKNOWLEDGED;
    }
    if (journal.isPresent()) {
      if (journal.get() && Integer.valueOf(0).equals(wc.getWObject())) {
        throw new PropertyReader.SettingValueException(Keys.JOURNAL + ": 'true' cannot be combined with "
            + Keys.WRITE_CONCERN + " w:0; accepted: journal with w >= 1 or majority");
      }
      wc = wc.withJournal(journal.get());
    }
    if (wtimeout.isPresent()) {
      wc = wc.withWTimeout(wtimeout.get(), TimeUnit.MILLISECONDS);
    }
    return wc;
  }

  private static ReadPreference readPreference(PropertyReader p, ConnectionString cs) {
    Optional<String> mode = p.string(Keys.READ_PREFERENCE).map(v -> ReadPreferences.mode(Keys.READ_PREFERENCE, v));
    Optional<List<TagSet>> tags = p.string(Keys.READ_PREFERENCE_TAGS)
        .map(v -> ReadPreferences.tags(Keys.READ_PREFERENCE_TAGS, v));
    Optional<Integer> staleness = p.string(Keys.MAX_STALENESS_SECONDS)
        .map(v -> ReadPreferences.maxStalenessSeconds(Keys.MAX_STALENESS_SECONDS, v));
    ReadPreference fromUrl = cs.getReadPreference();
    if (mode.isEmpty() && tags.isEmpty() && staleness.isEmpty()) {
      return fromUrl == null ? ReadPreference.primary() : fromUrl;
    }
    String effectiveMode = mode.orElse(fromUrl == null ? "primary" : fromUrl.getName());
    TaggableReadPreference taggable = fromUrl instanceof TaggableReadPreference t ? t : null;
    List<TagSet> effectiveTags = tags.orElse(taggable == null ? List.of() : taggable.getTagSetList());
    Integer effectiveStaleness = staleness.orElse(taggable == null || taggable.getMaxStaleness(TimeUnit.SECONDS) == null
        ? null : taggable.getMaxStaleness(TimeUnit.SECONDS).intValue());
    String blame = mode.isPresent() ? Keys.READ_PREFERENCE
        : tags.isPresent() ? Keys.READ_PREFERENCE_TAGS : Keys.MAX_STALENESS_SECONDS;
    return ReadPreferences.build(blame, effectiveMode, effectiveTags, effectiveStaleness);
  }

  private static ReadConcern readConcern(PropertyReader p, ConnectionString cs) {
    Optional<String> level = p.string(Keys.READ_CONCERN);
    if (level.isEmpty()) {
      return cs.getReadConcern();
    }
    String v = level.get();
    if (v.equalsIgnoreCase("default") || v.equalsIgnoreCase("server")) {
      return ReadConcern.DEFAULT;
    }
    try {
      return new ReadConcern(ReadConcernLevel.fromString(v.toLowerCase(Locale.ROOT)));
    } catch (IllegalArgumentException e) {
      throw PropertyReader.invalid(Keys.READ_CONCERN, v, "local, available, majority, linearizable, snapshot, default");
    }
  }

  private static List<String> compressors(PropertyReader p, ConnectionString cs) {
    Optional<String> explicit = p.string(Keys.COMPRESSORS);
    if (explicit.isEmpty()) {
      List<MongoCompressor> fromUrl = cs.getCompressorList();
      List<String> names = new ArrayList<>();
      fromUrl.forEach(c -> names.add(c.getName()));
      return names;
    }
    List<String> names = new ArrayList<>();
    for (String raw : explicit.get().split(",")) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      if (name.isEmpty() || name.equals("none")) {
        continue;
      }
      if (!COMPRESSORS.contains(name)) {
        throw PropertyReader.invalid(Keys.COMPRESSORS, explicit.get(),
            "a comma-separated list of snappy, zlib, zstd (in order of preference), or none");
      }
      if (!names.contains(name)) {
        names.add(name);
      }
    }
    return names;
  }

  private static <T> T first(Optional<T> explicit, T fromUrl, Supplier<T> fallback) {
    if (explicit.isPresent()) {
      return explicit.get();
    }
    return fromUrl != null ? fromUrl : fallback.get();
  }

  private static long firstLong(Optional<Long> explicit, Long fromUrl, Supplier<Long> fallback) {
    return first(explicit, fromUrl, fallback);
  }

  private static Long asLong(Integer value) {
    return value == null ? null : value.longValue();
  }

  @Override
  public String toString() {
    return "ClientConfig[url=" + maskedUrl() + ", database=" + database
        + ", writeConcern=" + WriteConcerns.describe(writeConcern)
        + ", readPreference=" + readPreference + ", readConcern=" + readConcernName()
        + ", maxPoolSize=" + maxPoolSize + ", minPoolSize=" + minPoolSize + ", maxConnecting=" + maxConnecting
        + ", waitQueueTimeoutMs=" + waitQueueTimeoutMs + ", maxIdleTimeMs=" + maxIdleTimeMs
        + ", maxLifeTimeMs=" + maxLifeTimeMs + ", connectTimeoutMs=" + connectTimeoutMs
        + ", socketTimeoutMs=" + socketTimeoutMs + ", serverSelectionTimeoutMs=" + serverSelectionTimeoutMs
        + ", compressors=" + compressors + ", retryWrites=" + retryWrites + ", retryReads=" + retryReads
        + ", appName=" + appName + "]";
  }
}
