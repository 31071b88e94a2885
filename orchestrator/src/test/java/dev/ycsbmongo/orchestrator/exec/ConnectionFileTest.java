package dev.ycsbmongo.orchestrator.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ConnectionFileTest {

  @Test
  void holdsTheUrlReadableByItsOwnerOnlyAndDisappearsWhenClosed() throws Exception {
    Path file;
    try (ConnectionFile c = ConnectionFile.create("mongodb://u:p%40ss@127.0.0.1:27017/ycsb?w=1")) {
      file = c.path();
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
      assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(file)) {
        p.load(r);
      }
      assertEquals("mongodb://u:p%40ss@127.0.0.1:27017/ycsb?w=1", p.getProperty("mongodb.url"));
    }
    assertFalse(Files.exists(file));
    assertTrue(!Files.exists(file.getParent()));
  }
}
