package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.binding.Keys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/**
 * The connection string of one child YCSB process, in a properties file only this user can
 * read, handed to YCSB as {@code -P}: never on an argument list ({@code ps} shows those) and
 * never inside the run directory (which is shared with colleagues).
 */
public final class ConnectionFile implements AutoCloseable {

  private final Path dir;
  private final Path file;

  private ConnectionFile(Path dir, Path file) {
    this.dir = dir;
    this.file = file;
  }

  public static ConnectionFile create(String uri) {
    try {
      Path dir = Files.createTempDirectory("ycsb-orchestrator-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Path file = Files.createFile(dir.resolve("connection.properties"),
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Properties p = new Properties();
      p.setProperty(Keys.URL, uri);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        p.store(w, "written by the orchestrator for one phase; deleted when it ends");
      }
      return new ConnectionFile(dir, file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the connection file for YCSB: " + e.getMessage(), e);
    }
  }

  public Path path() {
    return file;
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // a leftover 0600 file in a private temp directory is no leak; nothing more to do
    }
  }
}
