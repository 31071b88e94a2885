package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MisplacedUrlOptionsTest {

  private static String refusal(String url) {
    Properties p = new Properties();
    p.setProperty(Keys.URL, url);
    return assertThrows(InvalidSettingException.class, () -> BindingSettings.from(p, Map.of())).getMessage();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      // the max-connections study's own URL
      "mongodb://u:Secr3t@127.0.0.1:3717/admin&maxPoolSize=8000|/admin?maxPoolSize=8000|maxPoolSize=8000",
      "mongodb://127.0.0.1/ycsb&w=majority&maxPoolSize=5|/ycsb?w=majority&maxPoolSize=5|w=majority&maxPoolSize=5",
      "mongodb://127.0.0.1/ycsb&maxPoolSize=5?w=1|/ycsb?maxPoolSize=5&w=1|maxPoolSize=5&w=1",
      "mongodb://u:p%2Fq@h1:1,h2:2/admin&replicaSet=rs0|/admin?replicaSet=rs0|replicaSet=rs0",
  })
  void refusesOptionsAfterAnAmpersandInThePathWithTheFix(String url, String fix, String options) {
    String line = refusal(url);
    assertTrue(line.contains("puts URL options into the database name"), line);
    assertTrue(line.contains("did you mean '" + fix + "'?"), line);
    assertTrue(line.endsWith("and " + options + " would not apply"), line);
    assertFalse(line.contains("Secr3t"), line);
    assertFalse(line.contains("\n"), line);
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongodb://127.0.0.1/ad%3Fmin", "mongodb://127.0.0.1/db%3FmaxPoolSize=5"})
  void refusesAQuestionMarkInTheDatabaseName(String url) {
    String line = refusal(url);
    assertTrue(line.contains("holds a '?' (written %3F)"), line);
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongodb://127.0.0.1/admin?maxPoolSize=8000", "mongodb://127.0.0.1/R&D",
      "mongodb://127.0.0.1/", "mongodb://127.0.0.1", "mongodb://u:p&w=1@127.0.0.1/db?w=1",
      "mongodb://127.0.0.1/db?appName=a&retryWrites=false"})
  void acceptsWellPlacedOptionsAndPlainNames(String url) throws Exception {
    Properties p = new Properties();
    p.setProperty(Keys.URL, url);
    BindingSettings.from(p, Map.of());
  }

  @ParameterizedTest
  @ValueSource(strings = {"mongodb://127.0.0.1/admin&proxyPassword=hush",
      "mongodb://127.0.0.1/admin&tlsCertificateKeyFilePassword=hush"})
  void neverEchoesASecretOption(String url) {
    String line = refusal(url);
    assertFalse(line.contains("hush"), line);
    assertTrue(line.contains("Password=****"), line);
  }
}
