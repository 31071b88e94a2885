package dev.ycsbmongo.orchestrator.exec;

import dev.ycsbmongo.orchestrator.OutputFiles;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The one writer of a run directory. {@code run}, {@code run --resume} and {@code report} hold it while
 * they write: the file {@value #FILE} names the holder (PID, host, command, start), and an OS file lock
 * on it lasts exactly as long as the holding process, so a lock whose process died (even by
 * {@code kill -9}) is free again, and its file still says who left it. The file is emptied, never
 * deleted, on release: deleting it would let a second process lock a file no longer in the directory.
 */
public final class RunLock implements AutoCloseable {

  public static final String FILE = ".lock";
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT)
      .withZone(ZoneId.systemDefault());
  /** Run directories this JVM holds: a second lock of one file by one process would not conflict in the OS. */
  private static final Map<Path, Holder> HELD_HERE = new ConcurrentHashMap<>();

  /** Who holds (or left) the lock. */
  public record Holder(long pid, String host, String command, Instant started) {

    /** {@code PID 1234 (run --resume, started 14:02:11 on host)} */
    public String describe() {
      return "PID " + pid + " (" + command + ", started " + CLOCK.format(started) + " on " + host + ")";
    }

    String text() {
      Properties p = new Properties();
      p.setProperty("pid", Long.toString(pid));
      p.setProperty("host", host);
      p.setProperty("command", command);
      p.setProperty("started", started.toString());
      StringWriter w = new StringWriter();
      try {
        p.store(w, "the process writing this run directory; the file is empty when none is");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return w.toString();
    }

    static Optional<Holder> parse(String text) {
      Properties p = new Properties();
      try {
        p.load(new StringReader(text));
        return Optional.of(new Holder(Long.parseLong(p.getProperty("pid")), p.getProperty("host", "?"),
            p.getProperty("command", "?"), Instant.parse(p.getProperty("started"))));
      } catch (IOException | RuntimeException e) {
        return Optional.empty();  // empty (released) or cut off while being written
      }
    }
  }

  /** Another live process holds the run directory. */
  public static final class InUseException extends RuntimeException {

    InUseException(String message) {
      super(message);
    }
  }

  private final Path dir;
  private final FileChannel channel;
  private final FileLock lock;

  private RunLock(Path dir, FileChannel channel, FileLock lock) {
    this.dir = dir;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the run directory for {@code command} ({@code run}, {@code run --resume}, {@code report}).
   *
   * @param shownAs the directory as the user named it, for messages
   * @param notes told when a lock left by a dead process is taken over
   * @throws InUseException when a live process holds it
   */
  public static RunLock acquire(Path dir, String shownAs, String command, Consumer<String> notes) throws IOException {
    Path key = dir.toAbsolutePath().normalize();
    Holder mine = new Holder(ProcessHandle.current().pid(), hostName(), command, Instant.now());
    Holder here = HELD_HERE.putIfAbsent(key, mine);
    if (here != null) {
      throw inUse(shownAs, Optional.of(here));
    }
    FileChannel channel = null;
    try {
      channel = FileChannel.open(key.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
          StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        throw inUse(shownAs, Holder.parse(read(channel)));
      }
      Optional<Holder> left = Holder.parse(read(channel));
      // the OS lock was free, so whoever the file names is gone (the lock ends with its process)
      left.ifPresent(h -> notes.accept(shownAs + ": taking over the lock left by " + h.describe()
          + ", which is no longer running"));
      try {
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(mine.text().getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(true);
      } catch (IOException e) {
        // the first write of every command: a full disk is said here, naming the file, before anything is measured
        throw OutputFiles.failed(key.resolve(FILE), "nothing else was written", e)
            .advising("make room, then run the command again");
      }
      return new RunLock(key, channel, lock);
    } catch (IOException | RuntimeException e) {
      HELD_HERE.remove(key);
      if (channel != null) {
        channel.close();
      }
      throw e;
    }
  }

  private static InUseException inUse(String shownAs, Optional<Holder> holder) {
    return new InUseException(shownAs + " is in use by " + holder.map(Holder::describe).orElse("another process")
        + "; wait for it or stop it");
  }

  private static String read(FileChannel channel) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate((int) Math.min(channel.size(), 64 * 1024));
    channel.read(buf, 0);
    return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("this host");
    }
  }

  /** Empties the file, then releases the lock: the next writer finds no holder to report. Idempotent. */
  @Override
  public synchronized void close() throws IOException {
    if (!channel.isOpen()) {
      return;
    }
    try {
      channel.truncate(0);
      channel.force(true);
      lock.release();
    } finally {
      channel.close();
      HELD_HERE.remove(dir);
    }
  }
}
