package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.mongodb.ConnectionString;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Random passwords from the whole printable range and beyond (control characters, Latin-1, CJK, emoji,
 * percent-encoded bytes, and pieces an attacker would try: '@', "mongodb://", "//", quotes, escapes,
 * 10,000-character runs), each written into a connection string and that string into every context an
 * output puts it in: a console line, shell and YAML quotes, JSON with and without {@code \\uXXXX}, HTML.
 * The seed is fixed so a failure repeats; it is printed with the password that failed.
 */
class UriMaskerPropertyTest {

  static final int PASSWORDS = 10_000;
  static final String HOST = "db.example:27017";
  static final String MASKED = "mongodb://bench:" + UriMasker.MASK + "@" + HOST + "/ycsb?w=1";

  /** An output's way of writing a connection string into its text. */
  record Context(String name, UnaryOperator<String> render) {
  }

  static final List<Context> CONTEXTS = List.of(
      new Context("console line", u -> "ycsb: cannot use " + u + ": connection refused"),
      new Context("sentence, path-less URL", u -> "target a (" + u.replace("/ycsb?w=1", "") + ") does not answer."),
      new Context("shell word", u -> "scripts/ycsb load mongodb -p mongodb.url='" + u.replace("'", "'\\''") + "' -s"),
      new Context("YAML double-quoted", u -> "targets:\n  - {name: a, uri: \"" + Escapes.json(u, false, false) + "\"}\n"),
      new Context("YAML single-quoted", u -> "targets:\n  - name: a\n    uri: '" + u.replace("'", "''") + "'\n"),
      new Context("YAML plain", u -> "targets:\n  - name: a\n    uri: " + u + "\n    labels: {cores: 2}\n"),
      new Context("JSON", u -> "{\"target\":{\"name\":\"a\",\"maskedUri\":\"" + Escapes.json(u, false, false)
          + "\"},\"ops\":12}"),
      new Context("JSON ASCII-only", u -> "{\"uri\":\"" + Escapes.json(u, true, true) + "\",\"n\":[1,2]}"),
      new Context("HTML", u -> "<tr><td>a</td><td><code>" + Escapes.html(u, false) + "</code></td></tr>"),
      new Context("HTML &#39;", u -> "<p title=\"" + Escapes.html(u, true) + "\">x</p>"));

  @Test
  void theConnectionStringLayerMasksEveryPasswordTheDriverReadsInEveryContext() {
    UriMasker.forgetAll();
    Random random = new Random(20261126L);
    int driverRead = 0;
    for (int i = 0; i < PASSWORDS; i++) {
      String password = RandomPasswords.next(random);
      boolean driverForm = random.nextBoolean();
      String written = RandomPasswords.uriForm(password, random, driverForm);
      String uri = "mongodb://bench:" + written + "@" + HOST + "/ycsb?w=1";
      if (driverForm) {
        // the test's URLs mean what the driver takes them to mean
        assertEquals(password, new String(new ConnectionString(uri).getPassword()), describe(i, password, uri));
        driverRead++;
      }
      for (Context c : CONTEXTS) {
        String text = c.render().apply(uri);
        assertEquals(c.render().apply(MASKED), UriMasker.mask(text), c.name() + ": " + describe(i, password, uri));
      }
    }
    assertTrue(driverRead > PASSWORDS / 3, "only " + driverRead + " URLs the driver reads");
  }

  @Test
  void theSecretsLayerMasksAnyPasswordInAnyForm() {
    UriMasker.forgetAll();
    Random random = new Random(7_331_9924L);
    for (int i = 0; i < PASSWORDS; i++) {
      // anything but a line break, raw: a '/' the driver refuses, ':' and '@', a lone '%'
      String password = RandomPasswords.next(random);
      String uri = "mongodb://bench:" + password + "@" + HOST + "/ycsb?w=1";
      List<String> secrets = UriMasker.passwords(uri);
      // a password shorter than that is masked in connection strings only (the first test)
      Set<String> forms = password.length() < UriMasker.MIN_SECRET_LENGTH ? Set.of() : UriMasker.forms(password);
      for (Context c : CONTEXTS) {
        String innocent = c.render().apply(MASKED);
        String out = UriMasker.mask(c.render().apply(uri), secrets);
        boolean overlapsContext = false;
        for (String form : forms) {
          if (form.length() < UriMasker.MIN_SECRET_LENGTH || innocent.contains(form)) {
            overlapsContext |= form.length() >= UriMasker.MIN_SECRET_LENGTH;
            continue;
          }
          if (out.contains(form)) {
            fail(c.name() + ": form '" + form + "' left in '" + out + "': " + describe(i, password, uri));
          }
        }
        if (!overlapsContext) {
          assertTrue(out.contains("@" + HOST), c.name() + ": host hidden in '" + out + "': " + describe(i, password, uri));
        }
      }
    }
  }

  @Test
  void aRememberedPasswordIsMaskedByEveryCallEvenOutsideAConnectionString() {
    UriMasker.forgetAll();
    try {
      UriMasker.remember("mongodb://bench:Pa%2Fss%20w%C3%B6rd@" + HOST + "/ycsb");
      assertEquals("auth failed for ****; also ****, ****, **** and ****", UriMasker.mask(
          "auth failed for Pa/ss wörd; also Pa%2Fss%20w%C3%B6rd, Pa/ss w\\u00f6rd, Pa%2Fss+w%C3%B6rd and Pa/ss w\\u00F6rd"));
      assertFalse(UriMasker.mask("{\"pw\":\"Pa/ss wörd\"}").contains("rd"));
    } finally {
      UriMasker.forgetAll();
    }
  }

  @Test
  void aRememberedPasswordFoldedOverLinesOfAYamlFileIsMasked() {
    UriMasker.forgetAll();
    try {
      UriMasker.remember("mongodb://bench:a long pass phrase@" + HOST + "/ycsb");
      assertEquals("targets:\n  - uri: \"mongodb://bench:****@" + HOST + "/ycsb\"\n", UriMasker.mask(
          "targets:\n  - uri: \"mongodb://bench:a long\n      pass phrase@" + HOST + "/ycsb\"\n"));
    } finally {
      UriMasker.forgetAll();
    }
  }

  private static String describe(int i, String password, String uri) {
    String shown = password.length() > 200 ? password.substring(0, 200) + "... (" + password.length() + " chars)" : password;
    return "password #" + i + " '" + shown + "' (UTF-8 " + password.getBytes(StandardCharsets.UTF_8).length
        + " bytes) in " + (uri.length() > 300 ? uri.substring(0, 300) + "..." : uri);
  }
}
