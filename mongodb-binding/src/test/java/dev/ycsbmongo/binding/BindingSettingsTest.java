package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.Tag;
import com.mongodb.TagSet;
import com.mongodb.TaggableReadPreference;
import com.mongodb.WriteConcern;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.bson.codecs.configuration.CodecRegistries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BindingSettingsTest {

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  private static BindingSettings settings(String... keyValues) throws InvalidSettingException {
    return BindingSettings.from(props(keyValues), Map.of());
  }

  private static MongoClientSettings driver(BindingSettings s) {
    return MongoClientSettingsFactory.create(s.client(), CodecRegistries.fromCodecs(new FieldMapCodec()), null);
  }

  @Test
  void defaultsMatchTheOptionTable() throws Exception {
    BindingSettings s = settings();
    ClientConfig c = s.client();
    assertEquals(ClientConfig.DEFAULT_URL, c.url());
    assertEquals("ycsb", c.database());
    // no URL at all: w:1, the w of YCSB 0.17.0's default URL (mongodb://localhost:27017/ycsb?w=1)
    assertEquals(WriteConcern.W1, c.writeConcern());
    assertNull(settings("mongodb.url", "mongodb://127.0.0.1/ycsb").client().writeConcern(),
        "a URL without w: the server's default, as YCSB 0.17.0 with that URL");
    assertEquals(ReadPreference.primary(), c.readPreference());
    assertEquals(100, c.maxPoolSize());
    assertEquals(0, c.minPoolSize());
    assertEquals(2, c.maxConnecting());
    assertEquals(120_000, c.waitQueueTimeoutMs());
    assertEquals(10_000, c.connectTimeoutMs());
    assertEquals(0, c.socketTimeoutMs());
    assertEquals(30_000, c.serverSelectionTimeoutMs());
    assertFalse(c.retryWrites(), "off, as in YCSB 0.17.0's binding");
    assertFalse(c.retryReads(), "off, as in YCSB 0.17.0's binding");
    assertEquals("ycsb", c.appName());
    assertEquals(1, s.batchSize());
    assertFalse(s.upsert());
  }

  @Test
  void poolGrowsToTheThreadCountByDefault() throws Exception {
    assertEquals(8000, settings("threadcount", "8000").client().maxPoolSize());
    assertEquals(100, settings("threadcount", "16").client().maxPoolSize());
    assertEquals(50, settings("threadcount", "8000", "mongodb.url", "mongodb://h/db?maxPoolSize=50").client().maxPoolSize());
    assertEquals(7, settings("threadcount", "8000", "mongodb.maxPoolSize", "7").client().maxPoolSize());
  }

  @Test
  void everyOptionReachesTheDriverSettings() throws Exception {
    MongoClientSettings d = driver(settings(
        "mongodb.url", "mongodb://u:pw@127.0.0.1:27017/fromurl",
        "mongodb.writeConcern", "majority", "mongodb.journal", "true", "mongodb.wtimeoutMs", "2500",
        "mongodb.readPreference", "secondaryPreferred", "mongodb.readPreferenceTags", "dc:east,rack:1;dc:west;",
        "mongodb.maxStalenessSeconds", "120", "mongodb.readConcern", "majority",
        "mongodb.maxPoolSize", "300", "mongodb.minPoolSize", "5", "mongodb.maxConnecting", "4",
        "mongodb.waitQueueTimeoutMs", "1500", "mongodb.maxIdleTimeMs", "60000", "mongodb.maxLifeTimeMs", "600000",
        "mongodb.connectTimeoutMs", "2000", "mongodb.socketTimeoutMs", "9000", "mongodb.serverSelectionTimeoutMs", "3000",
        "mongodb.compressors", "zstd,snappy,zlib", "mongodb.retryWrites", "true", "mongodb.retryReads", "true",
        "mongodb.appName", "study-1"));
    assertEquals(WriteConcern.MAJORITY.withJournal(true).withWTimeout(2500, TimeUnit.MILLISECONDS), d.getWriteConcern());
    TaggableReadPreference rp = (TaggableReadPreference) d.getReadPreference();
    assertEquals("secondaryPreferred", rp.getName());
    assertEquals(List.of(new TagSet(List.of(new Tag("dc", "east"), new Tag("rack", "1"))),
        new TagSet(new Tag("dc", "west")), new TagSet()), rp.getTagSetList());
    assertEquals(120L, rp.getMaxStaleness(TimeUnit.SECONDS));
    assertEquals(ReadConcern.MAJORITY, d.getReadConcern());
    assertEquals(300, d.getConnectionPoolSettings().getMaxSize());
    assertEquals(5, d.getConnectionPoolSettings().getMinSize());
    assertEquals(4, d.getConnectionPoolSettings().getMaxConnecting());
    assertEquals(1500, d.getConnectionPoolSettings().getMaxWaitTime(TimeUnit.MILLISECONDS));
    assertEquals(60000, d.getConnectionPoolSettings().getMaxConnectionIdleTime(TimeUnit.MILLISECONDS));
    assertEquals(600000, d.getConnectionPoolSettings().getMaxConnectionLifeTime(TimeUnit.MILLISECONDS));
    assertEquals(2000, d.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS));
    assertEquals(9000, d.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS));
    assertEquals(3000, d.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS));
    assertEquals(List.of("zstd", "snappy", "zlib"), d.getCompressorList().stream().map(c -> c.getName()).toList());
    assertTrue(d.getRetryWrites());
    assertTrue(d.getRetryReads());
    assertEquals("study-1", d.getApplicationName());
    assertEquals("u", d.getCredential().getUserName());
  }

  @Test
  void urlSettingsApplyWhenNoPropertyIsGiven() throws Exception {
    BindingSettings s = settings("mongodb.url", "mongodb://127.0.0.1/fromurl?w=2&journal=true&readPreference=nearest"
        + "&readConcernLevel=local&maxPoolSize=42&minPoolSize=3&maxConnecting=5&waitQueueTimeoutMS=700"
        + "&connectTimeoutMS=1234&socketTimeoutMS=4321&serverSelectionTimeoutMS=999&compressors=zlib"
        + "&retryWrites=true&retryReads=true&appName=fromurl");
    ClientConfig c = s.client();
    assertEquals("fromurl", c.database());
    assertEquals(new WriteConcern(2).withJournal(true), c.writeConcern());
    assertEquals("nearest", c.readPreference().getName());
    assertEquals(ReadConcern.LOCAL, c.readConcern());
    assertEquals(42, c.maxPoolSize());
    assertEquals(3, c.minPoolSize());
    assertEquals(5, c.maxConnecting());
    assertEquals(700, c.waitQueueTimeoutMs());
    assertEquals(1234, c.connectTimeoutMs());
    assertEquals(4321, c.socketTimeoutMs());
    assertEquals(999, c.serverSelectionTimeoutMs());
    assertEquals(List.of("zlib"), c.compressors());
    assertTrue(c.retryWrites());
    assertTrue(c.retryReads());
    assertEquals("fromurl", c.appName());
    MongoClientSettings d = driver(s);
    assertEquals(42, d.getConnectionPoolSettings().getMaxSize());
    assertEquals(new WriteConcern(2).withJournal(true), d.getWriteConcern());
  }

  @Test
  void ownPropertiesWinOverTheUrlWithANote() throws Exception {
    BindingSettings s = settings("mongodb.url", "mongodb://127.0.0.1/fromurl?w=2&readPreference=nearest"
        + "&maxPoolSize=42&connectTimeoutMS=1234&appName=fromurl&compressors=zlib",
        "mongodb.database", "explicit", "mongodb.writeConcern", "1", "mongodb.readPreference", "secondary",
        "mongodb.maxPoolSize", "77", "mongodb.connectTimeoutMs", "55", "mongodb.appName", "explicit",
        "mongodb.compressors", "none");
    ClientConfig c = s.client();
    assertEquals("explicit", c.database());
    // the two properties YCSB 0.17.0 reads lose to the URL, as there (StockOptionsTest)
    assertEquals(new WriteConcern(2), c.writeConcern());
    assertEquals("nearest", c.readPreference().getName());
    assertTrue(s.notes().contains("mongodb.maxPoolSize=77 is used, not the URL's maxPoolSize=42 (a property of this"
        + " binding wins over the URL; YCSB 0.17.0 has no such property)"), s.notes().toString());
    assertTrue(s.notes().contains("mongodb.connectTimeoutMs=55 is used, not the URL's connectTimeoutMS=1234 (a"
        + " property of this binding wins over the URL; YCSB 0.17.0 has no such property)"), s.notes().toString());
    assertEquals(77, c.maxPoolSize());
    assertEquals(55, c.connectTimeoutMs());
    assertEquals("explicit", c.appName());
    assertEquals(List.of(), c.compressors());
    assertEquals(77, driver(s).getConnectionPoolSettings().getMaxSize());
    assertEquals(new WriteConcern(2), driver(s).getWriteConcern());
  }

  @Test
  void tlsAndCredentialsComeFromTheUrl() throws Exception {
    MongoClientSettings d = driver(settings("mongodb.url",
        "mongodb://bench:pw@127.0.0.1:27017/db?tls=true&tlsAllowInvalidHostnames=true&authSource=admin"));
    assertTrue(d.getSslSettings().isEnabled());
    assertTrue(d.getSslSettings().isInvalidHostNameAllowed());
    assertEquals("admin", d.getCredential().getSource());
    assertEquals("db", settings("mongodb.url", "mongodb://bench:pw@127.0.0.1/db?authSource=admin").client().database());
  }

  @Test
  void journalAloneCombinesWithTheUrlsWriteConcern() throws Exception {
    assertEquals(WriteConcern.MAJORITY.withJournal(false),
        settings("mongodb.url", "mongodb://h/db?w=majority", "mongodb.journal", "false").client().writeConcern());
  }

  @ParameterizedTest
  @CsvSource({
      "0, 0", "1, 1", "3, 3", "majority, majority", "MAJORITY, majority", "w:2, 2",
      "acknowledged, 1", "unacknowledged, 0", "replica_acknowledged, 2"})
  void parsesWriteConcerns(String value, String expectedW) throws Exception {
    WriteConcern wc = settings("mongodb.writeConcern", value).client().writeConcern();
    assertEquals(expectedW, String.valueOf(wc.getWObject()));
  }

  @Test
  void acceptsTagSetWriteConcernAndJournaled() throws Exception {
    assertEquals(new WriteConcern("multiDC"), settings("mongodb.writeConcern", "tag:multiDC").client().writeConcern());
    assertEquals(WriteConcern.JOURNALED, settings("mongodb.url", "mongodb://127.0.0.1/ycsb",
        "mongodb.writeConcern", "journaled").client().writeConcern());
  }

  @Test
  void bothBatchSizeNamesWorkAndTheMongodbOneWins() throws Exception {
    assertEquals(100, settings("batchsize", "100").batchSize());
    assertEquals(50, settings("mongodb.batchsize", "50").batchSize());
    assertEquals(50, settings("batchsize", "100", "mongodb.batchsize", "50").batchSize());
    assertTrue(settings("mongodb.upsert", "TRUE").upsert());
  }

  @Test
  void readsTheUrlFromTheEnvironmentWhenAsked() throws Exception {
    Map<String, String> env = Map.of("MY_URL", "mongodb://u:pw@127.0.0.1/envdb", ClientConfig.URL_ENV,
        "mongodb://127.0.0.1/fallback");
    assertEquals("envdb", BindingSettings.from(props("mongodb.url", "env:MY_URL"), env).client().database());
    assertEquals("fallback", BindingSettings.from(props(), env).client().database());
    InvalidSettingException e = assertThrows(InvalidSettingException.class,
        () -> BindingSettings.from(props("mongodb.url", "env:MISSING"), env));
    assertTrue(e.getMessage().startsWith("mongodb.url: 'env:MISSING' is not valid"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "mongodb.writeConcern|all|mongodb.writeConcern: 'all' is not valid; accepted: 0, 1",
      "mongodb.writeConcern|-1|mongodb.writeConcern: '-1' is not valid",
      "mongodb.writeConcern|tag:|mongodb.writeConcern: 'tag:' is not valid",
      "mongodb.maxPoolSize|-5|mongodb.maxPoolSize: '-5' is not valid; accepted: a whole number >= 0",
      "mongodb.maxPoolSize|ten|mongodb.maxPoolSize: 'ten' is not valid",
      "mongodb.minPoolSize|-1|mongodb.minPoolSize: '-1' is not valid",
      "mongodb.maxConnecting|0|mongodb.maxConnecting: '0' is not valid; accepted: a whole number >= 1",
      "mongodb.waitQueueTimeoutMs|-1|mongodb.waitQueueTimeoutMs: '-1' is not valid; accepted: milliseconds",
      "mongodb.readPreference|secondaryOnly|mongodb.readPreference: 'secondaryOnly' is not valid; accepted: primary, primaryPreferred, secondary, secondaryPreferred, nearest (and YCSB 0.17.0's primary_preferred, secondary_preferred)",
      "mongodb.readPreferenceTags|dc|mongodb.readPreferenceTags: 'dc' is not valid; accepted: tag sets",
      "mongodb.maxStalenessSeconds|10|mongodb.maxStalenessSeconds: '10' is not valid; accepted: -1 (no limit) or a number of seconds >= 90",
      "mongodb.readConcern|strong|mongodb.readConcern: 'strong' is not valid; accepted: local, available, majority",
      "mongodb.compressors|lz4|mongodb.compressors: 'lz4' is not valid; accepted: a comma-separated list of snappy, zlib, zstd",
      "mongodb.retryWrites|yes|mongodb.retryWrites: 'yes' is not valid; accepted: true or false",
      "mongodb.upsert|1|mongodb.upsert: '1' is not valid; accepted: true or false",
      "batchsize|0|batchsize: '0' is not valid; accepted: a whole number >= 1",
      "mongodb.url|http://localhost:27017|mongodb.url: 'http://localhost:27017' is not valid (",
      "mongodb.url|mongodb://|mongodb.url: 'mongodb://' is not valid (",
      "mongodb.writeconcern|1|mongodb.writeconcern: unknown property; did you mean mongodb.writeConcern?",
      "mongodb.poolSize|1|mongodb.poolSize: unknown property; did you mean mongodb.maxPoolSize?",
      "mongodb.maxconnection|1|mongodb.maxconnection: unknown property; did you mean mongodb.maxconnections?",
      "mongodb.maxconnections|many|mongodb.maxconnections: 'many' is not valid; accepted: a whole number >= 0",
      "mongodb.threadsAllowedToBlockForConnectionMultiplier|x|mongodb.threadsAllowedToBlockForConnectionMultiplier:"
          + " 'x' is not valid; accepted: a whole number >= 0",
  })
  void rejectsBadValuesWithOneLineNamingPropertyValueAndAccepted(String key, String value, String expectedStart) {
    InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> settings(key, value));
    assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
  }

  @Test
  void rejectsMinPoolAboveMaxPool() {
    InvalidSettingException e = assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.minPoolSize", "20", "mongodb.maxPoolSize", "10"));
    assertEquals("mongodb.minPoolSize: '20' is not valid; accepted: a whole number from 0 to mongodb.maxPoolSize (10)",
        e.getMessage());
  }

  @Test
  void rejectsTagsOnPrimaryAndJournalWithW0() {
    assertTrue(assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.readPreferenceTags", "dc:east")).getMessage()
        .startsWith("mongodb.readPreferenceTags: 'primary' cannot have tag sets"));
    assertTrue(assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.writeConcern", "0", "mongodb.journal", "true")).getMessage()
        .startsWith("mongodb.journal: 'true' cannot be combined with mongodb.writeConcern w:0"));
  }

  @Test
  void neverShowsThePasswordOfABadUrl() {
    InvalidSettingException e = assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.url", "mongodb://bench:Sup3rS3cret@127.0.0.1:27017/db?maxPoolSize=abc"));
    assertFalse(e.getMessage().contains("Sup3rS3cret"), e.getMessage());
    assertTrue(e.getMessage().contains("mongodb://bench:****@127.0.0.1:27017/db"), e.getMessage());
    e = assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.url", "mongodb://bench:Sup3rS3cret@127.0.0.1:27017/db", "mongodb.writeConcern", "x"));
    assertFalse(e.getMessage().contains("Sup3rS3cret"), e.getMessage());
  }

  @Test
  void descriptionAndToStringMaskThePassword() throws Exception {
    BindingSettings s = settings("mongodb.url", "mongodb://bench:Sup3rS3cret@127.0.0.1:27017/db");
    assertFalse(s.describe().contains("Sup3rS3cret"));
    assertFalse(s.toString().contains("Sup3rS3cret"));
    assertTrue(s.toString().contains("bench:****@"));
  }

  @Test
  void urlPathAdminSelectsDatabaseYcsbAsYcsb017Does() throws Exception {
    BindingSettings s = settings("mongodb.url", "mongodb://test:pw@127.0.0.1:3717/admin");
    assertEquals("ycsb", s.client().database());
    assertTrue(s.client().databaseRedirectedFromAdmin());
    // the credentials still authenticate against admin
    assertEquals("admin", driver(s).getCredential().getSource());
  }

  @Test
  void explicitDatabaseWinsOverAnAdminPath() throws Exception {
    BindingSettings s = settings("mongodb.url", "mongodb://127.0.0.1/admin", "mongodb.database", "bench");
    assertEquals("bench", s.client().database());
    assertFalse(s.client().databaseRedirectedFromAdmin());
    assertEquals("admin", settings("mongodb.url", "mongodb://127.0.0.1/admin", "mongodb.database", "admin")
        .client().database());
  }

  @Test
  void otherUrlPathsAndNoPathKeepTheirDatabase() throws Exception {
    assertEquals("shop", settings("mongodb.url", "mongodb://127.0.0.1/shop").client().database());
    assertEquals("ycsb", settings("mongodb.url", "mongodb://127.0.0.1/").client().database());
    assertEquals("Admin", settings("mongodb.url", "mongodb://127.0.0.1/Admin").client().database());
    assertFalse(settings("mongodb.url", "mongodb://127.0.0.1/ycsb").client().databaseRedirectedFromAdmin());
  }
}
