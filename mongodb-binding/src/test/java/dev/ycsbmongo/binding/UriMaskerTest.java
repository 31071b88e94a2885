package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UriMaskerTest {

  @Test
  void masksPasswordKeepsUserHostAndOptions() {
    assertEquals("mongodb://test:****@host:3717/admin?w=1",
        UriMasker.mask("mongodb://test:s3cret@host:3717/admin?w=1"));
  }

  @Test
  void masksSrvAndUrlsInsideText() {
    assertEquals("url=mongodb+srv://u:****@cluster.example/db and mongodb://a:****@h1,h2/x",
        UriMasker.mask("url=mongodb+srv://u:p@cluster.example/db and mongodb://a:b@h1,h2/x"));
  }

  @Test
  void masksPasswordsHoldingAtSignsSlashesAndQuestionMarks() {
    String masked = UriMasker.mask("-p mongodb.url=mongodb://u:p@ss/w?rd@host:1/db next");
    assertEquals("-p mongodb.url=mongodb://u:****@host:1/db next", masked);
  }

  @Test
  void leavesUrlsWithoutPasswordAlone() {
    assertEquals("mongodb://host:27017/ycsb", UriMasker.mask("mongodb://host:27017/ycsb"));
    assertEquals("mongodb://user@host/ycsb?authMechanism=MONGODB-X509",
        UriMasker.mask("mongodb://user@host/ycsb?authMechanism=MONGODB-X509"));
    assertEquals("no url here", UriMasker.mask("no url here"));
  }

  @Test
  void extractsRawAndDecodedPasswords() {
    assertEquals(List.of("p%40ss", "p@ss"), UriMasker.passwords("mongodb://u:p%40ss@h/db"));
    assertTrue(UriMasker.passwords("mongodb://h/db").isEmpty());
  }
  @Test
  void masksPasswordsHoldingCharactersThatEndATokenInText() {
    for (String pw : List.of("pa,ss99", "pa)ss99", "pa]ss99", "pa}ss99", "pa'ss99", "pa\"ss99", "pa ss99")) {
      String url = "mongodb://bench:" + pw + "@127.0.0.1:1/ycsb";
      assertEquals("ycsb: cannot use mongodb://bench:****@127.0.0.1:1/ycsb: connection refused",
          UriMasker.mask("ycsb: cannot use " + url + ": connection refused"), pw);
      assertEquals(List.of(pw), UriMasker.passwords(url), pw);
    }
    assertEquals("uri: mongodb://bench:****@h1,h2/x?w=1", UriMasker.mask("uri: mongodb://bench:p,w@h1,h2/x?w=1"));
    // a plan's ${VAR} is shown, not a secret; a password that merely contains braces is masked
    assertEquals("mongodb://test:${PW}@db.example:port/ycsb", UriMasker.mask("mongodb://test:${PW}@db.example:port/ycsb"));
    assertEquals("mongodb://test:****@h/ycsb", UriMasker.mask("mongodb://test:a${PW}b@h/ycsb"));
  }

  @Test
  void doesNotReachIntoTheNextUrlOrPastThePath() {
    assertEquals("mongodb://h:1, mongodb://u:****@h/x", UriMasker.mask("mongodb://h:1, mongodb://u:p@h/x"));
    assertEquals("mongodb://h:27017/db (mail ops@example.com)",
        UriMasker.mask("mongodb://h:27017/db (mail ops@example.com)"));
    assertEquals("mongodb://h:27017\nops@example.com", UriMasker.mask("mongodb://h:27017\nops@example.com"));
  }
}
