package dev.ycsbmongo.orchestrator.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @Test
  void namesItsPrivateDirectoryAfterItsOwnersPid(@TempDir Path tmp) {
    try (ConnectionFile c = ConnectionFile.create("mongodb://127.0.0.1/ycsb", tmp)) {
      assertTrue(c.path().getParent().getFileName().toString().startsWith("ycsb-orchestrator-"
          + ProcessHandle.current().pid() + "-"), c.path().toString());
    }
  }

  @Test
  void removesTheConnectionFilesOfDeadOrchestratorsOnly(@TempDir Path tmp) throws Exception {
    Path dead = Files.createDirectory(tmp.resolve("ycsb-orchestrator-99999999-123"));
    Files.writeString(dead.resolve("connection.properties"), "mongodb.url=mongodb://u:secret@h/db\n");
    Path live = Files.createDirectory(tmp.resolve("ycsb-orchestrator-" + ProcessHandle.current().pid() + "-456"));
    Files.writeString(live.resolve("connection.properties"), "x");
    Path other = Files.createDirectory(tmp.resolve("ycsb-other-99999999-1"));

    assertEquals(java.util.List.of(dead), ConnectionFile.removeStale(tmp));
    assertFalse(Files.exists(dead));
    assertTrue(Files.exists(live.resolve("connection.properties")));
    assertTrue(Files.exists(other));
  }
}
