package dev.ycsbmongo.orchestrator.process;

import dev.ycsbmongo.binding.Keys;
import dev.ycsbmongo.binding.launch.ParentWatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The connection string of one child YCSB process, in a properties file only this user can
 * read, handed to YCSB as {@code -P}: never on an argument list ({@code ps} shows those) and
 * never inside the run directory (which is shared with colleagues).
 *
 * <p>The file sits alone in a private (0700) directory of the system temp directory named
 * {@code ycsb-orchestrator-<PID>-<random>}: the directory hides even the file's name from other users,
 * and the owner's PID in it tells a later start whether the owner is still alive. It is removed when
 * the phase ends, by a shutdown hook on SIGTERM or Ctrl-C, by the YCSB child if it outlives a killed
 * orchestrator ({@link ParentWatch}), and, should all of those have been killed too, by the next
 * start ({@link #removeStale}).
 */
public final class ConnectionFile implements AutoCloseable {

  static final String FILE_NAME = "connection.properties";
  private static final Pattern OWNED = Pattern.compile(Pattern.quote(ParentWatch.TEMP_PREFIX) + "(\\d+)-.+");
  /** The files not yet closed, for the shutdown hook. */
  private static final Set<ConnectionFile> OPEN = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(ConnectionFile::close),
        "connection-file-cleanup"));
  }

  private final Path dir;
  private final Path file;

  private ConnectionFile(Path dir, Path file) {
    this.dir = dir;
    this.file = file;
  }

  public static ConnectionFile create(String uri) {
    return create(uri, tempRoot());
  }

  static ConnectionFile create(String uri, Path tempRoot) {
    try {
      Path dir = Files.createTempDirectory(tempRoot, ParentWatch.TEMP_PREFIX + ProcessHandle.current().pid() + "-",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      ConnectionFile c = new ConnectionFile(dir, dir.resolve(FILE_NAME));
      OPEN.add(c);
      Path file = Files.createFile(c.file,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Properties p = new Properties();
      p.setProperty(Keys.URL, uri);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        p.store(w, "written by the orchestrator for one phase; deleted when it ends");
      }
      return c;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the connection file for YCSB: " + e.getMessage(), e);
    }
  }

  private static Path tempRoot() {
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  public Path path() {
    return file;
  }

  @Override
  public void close() {
    OPEN.remove(this);
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // left for the next start's removeStale: the PID in the directory's name is then dead
    }
  }

  /**
   * Removes the connection directories of this user's orchestrators that are no longer running (killed
   * before they could), and returns them. A directory whose PID now belongs to another live process stays
   * until that one ends: the directory is private, so it is no leak meanwhile.
   */
  public static List<Path> removeStale() {
    return removeStale(tempRoot());
  }

  static List<Path> removeStale(Path tempRoot) {
    List<Path> removed = new ArrayList<>();
    Optional<UserPrincipal> me = currentUser(tempRoot);
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tempRoot, ParentWatch.TEMP_PREFIX + "*")) {
      for (Path d : dirs) {
        Matcher m = OWNED.matcher(d.getFileName().toString());
        if (!m.matches() || !Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS) || alive(m.group(1))
            || !mine(d, me)) {
          continue;
        }
        try (Stream<Path> files = Files.list(d)) {
          for (Path f : (Iterable<Path>) files::iterator) {
            Files.deleteIfExists(f);
          }
          Files.deleteIfExists(d);
          removed.add(d);
        } catch (IOException e) {
          // another user's, or going away right now: not ours to worry about
        }
      }
    } catch (IOException e) {
      // an unreadable temp directory: nothing of ours can be found there either
    }
    return removed;
  }

  private static boolean alive(String pid) {
    try {
      return ProcessHandle.of(Long.parseLong(pid)).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException e) {
      return true;  // not a PID we wrote: leave it alone
    }
  }

  /** Only this user's: the temp directory is shared, and another user's runs are not ours to clean. */
  private static boolean mine(Path dir, Optional<UserPrincipal> me) {
    return me.isPresent() && owner(dir).equals(me);
  }

  private static Optional<UserPrincipal> currentUser(Path anyPath) {
    try {
      return Optional.of(anyPath.getFileSystem().getUserPrincipalLookupService()
          .lookupPrincipalByName(System.getProperty("user.name")));
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  private static Optional<UserPrincipal> owner(Path p) {
    try {
      return Optional.of(Files.getOwner(p, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }
}
