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
}
