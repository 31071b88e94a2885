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

  /**
   * Builds the config from YCSB properties; {@code env} supplies {@value #URL_ENV}. What the user
   * should know about how the properties were read (deprecated names, a property and the URL
   * disagreeing) is added to {@code notes}, one line each.
   *
   * <p>Precedence, per setting: for the properties YCSB 0.17.0's binding reads
   * ({@link Keys#URL_WINS}) the URL's option wins, exactly as its {@code OptionsSupport} adds a
   * property to the URL only when the URL lacks that option; for this binding's own properties,
   * which YCSB 0.17.0 does not have, the property wins over the URL. Then the default.
   */
  static ClientConfig from(PropertyReader p, Map<String, String> env, int threadCount, List<String> notes) {
    Optional<String> given = p.string(Keys.URL).map(v -> fromEnvironment(v, env)).or(() -> Optional.ofNullable(
        env.get(URL_ENV)).filter(s -> !s.isBlank()).map(String::trim));
    String url = given.orElse(DEFAULT_URL);
    ConnectionString cs = parseUrl(url);
    ConnectionPoolSettings poolDefaults = ConnectionPoolSettings.builder().build();
    SocketSettings socketDefaults = SocketSettings.builder().build();
    ClusterSettings clusterDefaults = ClusterSettings.builder().build();
    Precedence own = new Precedence(notes);

    int maxPool = maxPoolSize(p, cs, threadCount, Math.max(poolDefaults.getMaxSize(), threadCount), notes);
    int minPool = own.first(Keys.MIN_POOL_SIZE, p.nonNegativeInt(Keys.MIN_POOL_SIZE), "minPoolSize",
        cs.getMinConnectionPoolSize(), poolDefaults::getMinSize);
    if (maxPool > 0 && minPool > maxPool) {
      throw new PropertyReader.SettingValueException(Keys.MIN_POOL_SIZE + ": '" + minPool
          + "' is not valid; accepted: a whole number from 0 to " + Keys.MAX_POOL_SIZE + " (" + maxPool + ")");
    }
    long waitQueueTimeoutMs = own.first(Keys.WAIT_QUEUE_TIMEOUT_MS, p.nonNegativeMillis(Keys.WAIT_QUEUE_TIMEOUT_MS),
        "waitQueueTimeoutMS", asLong(cs.getMaxWaitTime()), () -> poolDefaults.getMaxWaitTime(TimeUnit.MILLISECONDS));
    p.nonNegativeInt(Keys.THREADS_ALLOWED_TO_BLOCK_STOCK).ifPresent(m -> notes.add(Keys.THREADS_ALLOWED_TO_BLOCK_STOCK
        + "=" + m + " has no effect: YCSB 0.17.0 hands it to driver 3.8 as waitQueueMultiple, a cap of " + m
        + " x maxPoolSize threads waiting for a connection beyond which operations fail at once; the current"
        + " driver has no such cap (removed in driver 4.0): threads wait up to " + Keys.WAIT_QUEUE_TIMEOUT_MS + "="
        + waitQueueTimeoutMs));
    return new ClientConfig(
        cs,
        database(p.string(Keys.DATABASE), cs.getDatabase()),
        writeConcern(p, cs, given.isPresent(), notes),
        readPreference(p, cs, notes),
        readConcern(p, cs, notes),
        maxPool,
        minPool,
        own.first(Keys.MAX_CONNECTING, p.positiveInt(Keys.MAX_CONNECTING), "maxConnecting", cs.getMaxConnecting(),
            poolDefaults::getMaxConnecting),
        waitQueueTimeoutMs,
        own.first(Keys.MAX_IDLE_TIME_MS, p.nonNegativeMillis(Keys.MAX_IDLE_TIME_MS), "maxIdleTimeMS",
            asLong(cs.getMaxConnectionIdleTime()), () -> poolDefaults.getMaxConnectionIdleTime(TimeUnit.MILLISECONDS)),
        own.first(Keys.MAX_LIFE_TIME_MS, p.nonNegativeMillis(Keys.MAX_LIFE_TIME_MS), "maxLifeTimeMS",
            asLong(cs.getMaxConnectionLifeTime()), () -> poolDefaults.getMaxConnectionLifeTime(TimeUnit.MILLISECONDS)),
        own.first(Keys.CONNECT_TIMEOUT_MS, p.nonNegativeMillis(Keys.CONNECT_TIMEOUT_MS), "connectTimeoutMS",
            asLong(cs.getConnectTimeout()), () -> (long) socketDefaults.getConnectTimeout(TimeUnit.MILLISECONDS)),
        own.first(Keys.SOCKET_TIMEOUT_MS, p.nonNegativeMillis(Keys.SOCKET_TIMEOUT_MS), "socketTimeoutMS",
            asLong(cs.getSocketTimeout()), () -> (long) socketDefaults.getReadTimeout(TimeUnit.MILLISECONDS)),
        own.first(Keys.SERVER_SELECTION_TIMEOUT_MS, p.nonNegativeMillis(Keys.SERVER_SELECTION_TIMEOUT_MS),
            "serverSelectionTimeoutMS", asLong(cs.getServerSelectionTimeout()),
            () -> clusterDefaults.getServerSelectionTimeout(TimeUnit.MILLISECONDS)),
        compressors(p, cs, own),
        // off unless asked for, as in YCSB 0.17.0's binding (driver 3.8): a retry hides a failed
        // operation inside a slow one, and retries force the driver's costlier path (KeyCommands)
        own.first(Keys.RETRY_WRITES, p.bool(Keys.RETRY_WRITES), "retryWrites", cs.getRetryWritesValue(), () -> false),
        own.first(Keys.RETRY_READS, p.bool(Keys.RETRY_READS), "retryReads", cs.getRetryReads(), () -> false),
        own.first(Keys.APP_NAME, p.string(Keys.APP_NAME), "appName", cs.getApplicationName(), () -> DEFAULT_APP_NAME));
  }

  /**
   * Our own property, then the URL's option, then the default; a property that overrides a
   * different value in the URL gets a note, so nobody wonders which one ran.
   */
  private record Precedence(List<String> notes) {

    <T> T first(String key, Optional<T> explicit, String urlOption, T fromUrl, Supplier<T> fallback) {
      if (explicit.isPresent()) {
        if (fromUrl != null && !fromUrl.equals(explicit.get())) {
          notes.add(key + "=" + explicit.get() + " is used, not the URL's " + urlOption + "=" + fromUrl
              + " (a property of this binding wins over the URL; YCSB 0.17.0 has no such property)");
        }
        return explicit.get();
      }
      return fromUrl != null ? fromUrl : fallback.get();
    }
  }

  /** The note when a property YCSB 0.17.0 reads loses to the URL, as it does there. */
  private static String urlWins(String key, Object value, String urlOption, Object urlValue) {
    return key + "=" + value + " is not used: the URL's " + urlOption + "=" + urlValue
        + " wins, as in YCSB 0.17.0 (an option in the URL wins over this property)";
  }

  /**
   * {@code mongodb.maxPoolSize} (ours) wins over the URL's {@code maxPoolSize}, which wins over
   * YCSB 0.17.0's {@code mongodb.maxconnections} (as there); else max(driver default, threads), so
   * every thread can hold a connection.
   */
  private static int maxPoolSize(PropertyReader p, ConnectionString cs, int threadCount, int fallback,
      List<String> notes) {
    Optional<Integer> explicit = p.nonNegativeInt(Keys.MAX_POOL_SIZE);
    Optional<Integer> stock = p.nonNegativeInt(Keys.MAX_CONNECTIONS_STOCK);
    Integer fromUrl = cs.getMaxConnectionPoolSize();
    if (stock.isPresent()) {
      notes.add(Keys.MAX_CONNECTIONS_STOCK + " is YCSB 0.17.0's name for the pool size, read as maxPoolSize; the"
          + " modern form is " + Keys.MAX_POOL_SIZE + "=" + stock.get() + " (or maxPoolSize=" + stock.get()
          + " in the URL)");
      if (explicit.isPresent() && !explicit.get().equals(stock.get())) {
        notes.add(Keys.MAX_CONNECTIONS_STOCK + "=" + stock.get() + " is not used: " + Keys.MAX_POOL_SIZE + "="
            + explicit.get() + " wins");
      } else if (explicit.isEmpty() && fromUrl != null && !fromUrl.equals(stock.get())) {
        notes.add(urlWins(Keys.MAX_CONNECTIONS_STOCK, stock.get(), "maxPoolSize", fromUrl));
      }
    }
    return new Precedence(notes).first(Keys.MAX_POOL_SIZE, explicit, "maxPoolSize", fromUrl,
        () -> stock.orElse(fallback));
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
    ConnectionString cs;
    try {
      cs = new ConnectionString(url);
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
    Optional<String> misplaced = MisplacedUrlOptions.problem(url, cs.getDatabase());
    if (misplaced.isPresent()) {
      throw new PropertyReader.SettingValueException(misplaced.get());
    }
    return cs;
  }

  /**
   * As YCSB 0.17.0's OptionsSupport: {@code mongodb.writeConcern} sets {@code w} (and, for
   * {@code journaled}, {@code j}) only where the URL has no {@code w} (no {@code journal}); then
   * our {@code mongodb.journal} and {@code mongodb.wtimeoutMs} override. Without any URL, w:1, the
   * {@code w} of YCSB 0.17.0's default URL ({@code mongodb://localhost:27017/ycsb?w=1}).
   */
  private static WriteConcern writeConcern(PropertyReader p, ConnectionString cs, boolean urlGiven,
      List<String> notes) {
    Optional<String> raw = p.string(Keys.WRITE_CONCERN);
    WriteConcern property = raw.map(v -> WriteConcerns.parse(Keys.WRITE_CONCERN, v)).orElse(null);
    WriteConcern url = cs.getWriteConcern();
    Object urlW = url == null ? null : url.getWObject();
    Boolean urlJ = url == null ? null : url.getJournal();
    Object w = urlW;
    Boolean j = urlJ;
    if (property != null) {
      Object propertyW = property.getWObject();
      Boolean propertyJ = property.getJournal();
      if (urlW != null && propertyW != null && !urlW.equals(propertyW)) {
        notes.add(urlWins(Keys.WRITE_CONCERN, raw.get(), "w", urlW));
      }
      if (urlJ != null && propertyJ != null && !urlJ.equals(propertyJ)) {
        notes.add(urlWins(Keys.WRITE_CONCERN, raw.get(), "journal", urlJ));
      }
      w = urlW != null ? urlW : propertyW;
      j = urlJ != null ? urlJ : propertyJ;
    }
    if (w == null && !urlGiven) {
      w = 1;  // the lowest default: unlike YCSB 0.17.0, mongodb.writeConcern=majority wins over it
    }
    Integer wtimeoutMs = url == null ? null : url.getWTimeout(TimeUnit.MILLISECONDS);
    WriteConcern wc = null;
    if (w != null || j != null || wtimeoutMs != null) {
      wc = w == null ? WriteConcern.ACKNOWLEDGED
          : w instanceof Integer n ? new WriteConcern(n) : new WriteConcern((String) w);
      if (j != null) {
        wc = wc.withJournal(j);
      }
      if (wtimeoutMs != null) {
        wc = wc.withWTimeout(wtimeoutMs, TimeUnit.MILLISECONDS);
      }
    }

    Precedence own = new Precedence(notes);
    Optional<Boolean> journal = p.bool(Keys.JOURNAL);
    Optional<Long> wtimeout = p.nonNegativeMillis(Keys.WTIMEOUT_MS);
    if (wc == null && (journal.isPresent() || wtimeout.isPresent())) {
      wc = WriteConcern.ACKNOWLEDGED;
    }
    if (journal.isPresent()) {
      own.first(Keys.JOURNAL, journal, "journal", urlJ, () -> null);
      if (journal.get() && Integer.valueOf(0).equals(wc.getWObject())) {
        throw new PropertyReader.SettingValueException(Keys.JOURNAL + ": 'true' cannot be combined with "
            + Keys.WRITE_CONCERN + " w:0; accepted: journal with w >= 1 or majority");
      }
      wc = wc.withJournal(journal.get());
    }
    if (wtimeout.isPresent()) {
      own.first(Keys.WTIMEOUT_MS, wtimeout, "wtimeoutMS", wtimeoutMs == null ? null : wtimeoutMs.longValue(),
          () -> null);
      wc = wc.withWTimeout(wtimeout.get(), TimeUnit.MILLISECONDS);
    }
    return wc;
  }

  /**
   * The mode as YCSB 0.17.0's OptionsSupport: the URL's {@code readPreference} wins over
   * {@code mongodb.readPreference}. Tag sets and max staleness (our properties) win over the URL's.
   */
  private static ReadPreference readPreference(PropertyReader p, ConnectionString cs, List<String> notes) {
    Optional<String> raw = p.string(Keys.READ_PREFERENCE);
    Optional<String> property = raw.map(v -> ReadPreferences.mode(Keys.READ_PREFERENCE, v, notes));
    Optional<List<TagSet>> tags = p.string(Keys.READ_PREFERENCE_TAGS)
        .map(v -> ReadPreferences.tags(Keys.READ_PREFERENCE_TAGS, v));
    Optional<Integer> staleness = p.string(Keys.MAX_STALENESS_SECONDS)
        .map(v -> ReadPreferences.maxStalenessSeconds(Keys.MAX_STALENESS_SECONDS, v));
    ReadPreference fromUrl = cs.getReadPreference();
    if (fromUrl != null && property.isPresent() && !property.get().equals(fromUrl.getName())) {
      notes.add(urlWins(Keys.READ_PREFERENCE, raw.get(), "readPreference", fromUrl.getName()));
    }
    boolean propertyMode = fromUrl == null && property.isPresent();
    if (!propertyMode && tags.isEmpty() && staleness.isEmpty()) {
      return fromUrl == null ? ReadPreference.primary() : fromUrl;
    }
    String effectiveMode = fromUrl != null ? fromUrl.getName() : property.orElse("primary");
    TaggableReadPreference taggable = fromUrl instanceof TaggableReadPreference t ? t : null;
    List<TagSet> urlTags = taggable == null || taggable.getTagSetList().isEmpty() ? null : taggable.getTagSetList();
    Precedence own = new Precedence(notes);
    List<TagSet> effectiveTags = own.first(Keys.READ_PREFERENCE_TAGS, tags, "readPreferenceTags", urlTags, List::of);
    Long urlStaleness = taggable == null ? null : taggable.getMaxStaleness(TimeUnit.SECONDS);
    Integer effectiveStaleness = own.first(Keys.MAX_STALENESS_SECONDS, staleness, "maxStalenessSeconds",
        urlStaleness == null ? null : urlStaleness.intValue(), () -> null);
    String blame = propertyMode ? Keys.READ_PREFERENCE
        : tags.isPresent() ? Keys.READ_PREFERENCE_TAGS : Keys.MAX_STALENESS_SECONDS;
    return ReadPreferences.build(blame, effectiveMode, effectiveTags, effectiveStaleness);
  }

  private static ReadConcern readConcern(PropertyReader p, ConnectionString cs, List<String> notes) {
    Optional<String> level = p.string(Keys.READ_CONCERN);
    if (level.isEmpty()) {
      return cs.getReadConcern();
    }
    String v = level.get();
    ReadConcern rc;
    if (v.equalsIgnoreCase("default") || v.equalsIgnoreCase("server")) {
      rc = ReadConcern.DEFAULT;
    } else {
      try {
        rc = new ReadConcern(ReadConcernLevel.fromString(v.toLowerCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw PropertyReader.invalid(Keys.READ_CONCERN, v, "local, available, majority, linearizable, snapshot, default");
      }
    }
    ReadConcern url = cs.getReadConcern();
    if (url != null && !url.equals(rc)) {
      notes.add(Keys.READ_CONCERN + "=" + v + " is used, not the URL's readConcernLevel="
          + (url.getLevel() == null ? "default" : url.getLevel().getValue())
          + " (a property of this binding wins over the URL; YCSB 0.17.0 has no such property)");
    }
    return rc;
  }

  private static List<String> compressors(PropertyReader p, ConnectionString cs, Precedence own) {
    List<String> fromUrl = new ArrayList<>();
    cs.getCompressorList().forEach(c -> fromUrl.add(c.getName()));
    Optional<String> explicit = p.string(Keys.COMPRESSORS);
    if (explicit.isEmpty()) {
      return fromUrl;
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
    return own.first(Keys.COMPRESSORS, Optional.of(names), "compressors", fromUrl.isEmpty() ? null : fromUrl,
        List::of);
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
