package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The options YCSB 0.17.0's MongoDB binding reads ({@code OptionsSupport.updateUrl} and
 * {@code MongoDbClient.init}) mean here what they mean there: the same names and values, and the
 * URL's option winning over the property, as its {@code OptionsSupportTest} asserts.
 */
class StockOptionsTest {

  private static final String URL = "mongodb://127.0.0.1:27017/ycsb";

  private static BindingSettings settings(String... keyValues) throws InvalidSettingException {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return BindingSettings.from(p, Map.of());
  }

  /** What goes on the wire: the write concern document the commands carry. */
  private static String wire(WriteConcern wc) {
    return wc == null ? "server default" : wc.asDocument().toJson();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // OptionsSupport lower-cases the value, then maps each name to URL options
      "errors_ignored|{\"w\": 0}",
      "unacknowledged|{\"w\": 0}",
      "acknowledged|{\"w\": 1}",
      "journaled|{\"j\": true}",          // journal=true and j=true, no w: the server's default w applies
      "JOURNALED|{\"j\": true}",
      "replica_acknowledged|{\"w\": 2}",
      "majority|{\"w\": \"majority\"}",
      "Majority|{\"w\": \"majority\"}",
  })
  void everyWriteConcernNameMeansWhatItMeansInYcsb017(String name, String json) throws Exception {
    assertEquals(json, wire(settings("mongodb.url", URL, "mongodb.writeConcern", name).client().writeConcern()));
  }

  @Test
  void journaledKeepsTheUrlsWAsYcsb017Does() throws Exception {
    // OptionsSupport adds journal=true and j=true to the URL; w=majority already there stays
    assertEquals("{\"w\": \"majority\", \"j\": true}", wire(settings("mongodb.url", URL + "?w=majority",
        "mongodb.writeConcern", "journaled").client().writeConcern()));
  }

  @Test
  void withoutAnyUrlWIsOneAsInYcsb017sDefaultUrl() throws Exception {
    // YCSB 0.17.0 without mongodb.url: mongodb://localhost:27017/ycsb?w=1
    assertEquals("{\"w\": 1}", wire(settings().client().writeConcern()));
    assertEquals("{\"w\": 1, \"j\": true}", wire(settings("mongodb.writeConcern", "journaled").client().writeConcern()));
    // there, the default URL's w=1 also beats mongodb.writeConcern=majority; here the property wins
    assertEquals("{\"w\": \"majority\"}", wire(settings("mongodb.writeConcern", "majority").client().writeConcern()));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "primary, primary", "primary_preferred, primaryPreferred", "secondary, secondary",
      "secondary_preferred, secondaryPreferred", "nearest, nearest", "PRIMARY_PREFERRED, primaryPreferred",
      "Secondary_Preferred, secondaryPreferred"})
  void everyReadPreferenceNameOfYcsb017IsAccepted(String name, String mode) throws Exception {
    BindingSettings s = settings("mongodb.url", URL, "mongodb.readPreference", name);
    assertEquals(mode, s.client().readPreference().getName());
  }

  @Test
  void stockReadPreferenceNamesGetOneNoteNamingTheModernForm() throws Exception {
    assertEquals(List.of("mongodb.readPreference=primary_preferred is YCSB 0.17.0's name, read as primaryPreferred;"
        + " the modern form is mongodb.readPreference=primaryPreferred"),
        settings("mongodb.url", URL, "mongodb.readPreference", "primary_preferred").notes());
    assertEquals(List.of(), settings("mongodb.url", URL, "mongodb.readPreference", "secondaryPreferred").notes());
  }

  @Test
  void maxconnectionsIsThePoolSizeWithANote() throws Exception {
    BindingSettings s = settings("mongodb.url", URL, "mongodb.maxconnections", "2", "threadcount", "8");
    assertEquals(2, s.client().maxPoolSize());
    assertEquals(List.of("mongodb.maxconnections is YCSB 0.17.0's name for the pool size, read as maxPoolSize; the"
        + " modern form is mongodb.maxPoolSize=2 (or maxPoolSize=2 in the URL)"), s.notes());
  }

  @Test
  void theUrlsPoolSizeWinsOverMaxconnectionsAndMaxPoolSizeOverBoth() throws Exception {
    BindingSettings s = settings("mongodb.url", URL + "?maxPoolSize=8", "mongodb.maxconnections", "2");
    assertEquals(8, s.client().maxPoolSize());
    assertTrue(s.notes().contains("mongodb.maxconnections=2 is not used: the URL's maxPoolSize=8 wins, as in YCSB"
        + " 0.17.0 (an option in the URL wins over this property)"), s.notes().toString());
    s = settings("mongodb.url", URL + "?maxPoolSize=8", "mongodb.maxconnections", "2", "mongodb.maxPoolSize", "5");
    assertEquals(5, s.client().maxPoolSize());
    assertTrue(s.notes().contains("mongodb.maxconnections=2 is not used: mongodb.maxPoolSize=5 wins"), s.notes()
        .toString());
  }

  @Test
  void threadsAllowedToBlockIsAcceptedAndSaysItHasNoEffect() throws Exception {
    BindingSettings s = settings("mongodb.url", URL, "mongodb.threadsAllowedToBlockForConnectionMultiplier", "5");
    assertEquals(1, s.notes().size(), s.notes().toString());
    assertTrue(s.notes().get(0).startsWith("mongodb.threadsAllowedToBlockForConnectionMultiplier=5 has no effect:"
        + " YCSB 0.17.0 hands it to driver 3.8 as waitQueueMultiple"), s.notes().get(0));
    assertTrue(s.notes().get(0).endsWith("threads wait up to mongodb.waitQueueTimeoutMs=120000"), s.notes().get(0));
  }

  @Test
  void theUrlWinsOverStocksPropertiesAsOptionsSupportTestAsserts() throws Exception {
    // the exact pair: ?w=0&readPreference=nearest in the URL, majority and secondary as properties
    BindingSettings s = settings("mongodb.url", URL + "?w=0&readPreference=nearest",
        "mongodb.writeConcern", "majority", "mongodb.readPreference", "secondary");
    assertEquals("{\"w\": 0}", wire(s.client().writeConcern()));
    assertEquals(ReadPreference.nearest(), s.client().readPreference());
    assertEquals(List.of(
        "mongodb.writeConcern=majority is not used: the URL's w=0 wins, as in YCSB 0.17.0 (an option in the URL wins"
            + " over this property)",
        "mongodb.readPreference=secondary is not used: the URL's readPreference=nearest wins, as in YCSB 0.17.0 (an"
            + " option in the URL wins over this property)"), s.notes());
  }

  @Test
  void agreeingUrlAndPropertyNeedNoNote() throws Exception {
    BindingSettings s = settings("mongodb.url", URL + "?w=majority&readPreference=secondary&maxPoolSize=4",
        "mongodb.writeConcern", "majority", "mongodb.readPreference", "secondary", "mongodb.maxPoolSize", "4");
    assertEquals(List.of(), s.notes());
  }

  @Test
  void ourJournalAndWtimeoutStillOverrideTheUrl() throws Exception {
    BindingSettings s = settings("mongodb.url", URL + "?w=1&journal=false&wtimeoutMS=100",
        "mongodb.journal", "true", "mongodb.wtimeoutMs", "500");
    assertEquals("{\"w\": 1, \"wtimeout\": 500, \"j\": true}", wire(s.client().writeConcern()));
    assertEquals(2, s.notes().size(), s.notes().toString());
  }

  @Test
  void aUrlWithoutWTakesTheServersDefault() throws Exception {
    assertNull(settings("mongodb.url", URL).client().writeConcern());
  }

  @Test
  void theModernNamesAreNotDeprecated() throws Exception {
    assertFalse(Keys.URL_WINS.contains(Keys.MAX_POOL_SIZE));
    assertTrue(Keys.accepted().containsAll(List.of(Keys.MAX_CONNECTIONS_STOCK, Keys.THREADS_ALLOWED_TO_BLOCK_STOCK)));
    assertFalse(Keys.allMongodb().contains(Keys.MAX_CONNECTIONS_STOCK));
  }

  @Test
  void anUnknownWriteConcernNameIsStillRefusedWhereYcsb017IgnoresIt() {
    InvalidSettingException e = assertThrows(InvalidSettingException.class,
        () -> settings("mongodb.url", URL, "mongodb.writeConcern", "banana"));
    assertTrue(e.getMessage().startsWith("mongodb.writeConcern: 'banana' is not valid"), e.getMessage());
  }

  @Test
  void theWriteConcernDocumentIsWhatTheCommandsCarry() throws Exception {
    ClientConfig c = settings("mongodb.url", URL, "mongodb.writeConcern", "journaled").client();
    assertEquals(BsonDocument.parse("{j: true}"), c.writeConcern().asDocument());
  }
}
