package dev.ycsbmongo.orchestrator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Writes every file of a run directory that is written whole (summaries, report, tables, comparisons, charts,
 * plan copies): into a temporary file beside it, forced to disk, then renamed over it. A full disk or a
 * failed write therefore never leaves a file cut short or empty: the file keeps its earlier content (or is
 * absent), and the failure is one line naming the file, the cause and the free space left.
 */
public final class OutputFiles {

  /** Creates and opens the temporary file for writing: the real file system, or a test's failing one. */
  interface Opener {
    OutputStream open(Path temp) throws IOException;
  }

  private static final String TEMP_PREFIX = ".writing-";
  private static final String TEMP_SUFFIX = ".tmp";
  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  // created as any new file is (the umask's permissions, not createTempFile's owner-only ones): the report is shared
  private static final Opener FORCED = temp -> {
    FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    return new OutputStream() {
      private final OutputStream out = Channels.newOutputStream(channel);

      @Override
      public void write(int b) throws IOException {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        try {
          channel.force(false);  // a file system that reports a full disk only on sync reports it here
        } finally {
          out.close();
        }
      }
    };
  };

  /** A write that failed: its message is the whole story in one line (file, cause, free space, what is kept). */
  public static final class WriteFailed extends IOException {
    private static final long serialVersionUID = 1L;

    WriteFailed(String message, Throwable cause) {
      super(message, cause);
    }

    /** This failure with what the user can do about it, said where the caller knows (e.g. which command redraws). */
    public WriteFailed advising(String advice) {
      return new WriteFailed(getMessage() + "; " + advice, getCause());
    }
  }

  private OutputFiles() {
  }

  public static void writeString(Path file, CharSequence text) throws WriteFailed {
    write(file, text.toString().getBytes(StandardCharsets.UTF_8));
  }

  public static void write(Path file, byte[] bytes) throws WriteFailed {
    write(file, bytes, FORCED);
  }

  static void write(Path file, byte[] bytes, Opener opener) throws WriteFailed {
    Path dir = file.toAbsolutePath().getParent();
    boolean existed = Files.exists(file);
    Path temp = null;
    try {
      // a dot name ending .tmp: no reader of the directory (comparison-*.md, tables/*.csv) takes it for an output
      temp = dir.resolve(TEMP_PREFIX + Long.toUnsignedString(RANDOM.nextLong(), 36) + TEMP_SUFFIX);
      try (OutputStream out = opener.open(temp)) {
        out.write(bytes);
      }
      move(temp, file);
    } catch (IOException e) {
      deleteQuietly(temp);
      throw failed(file, existed ? "its earlier content is kept" : "it was not written", e);
    }
  }

  private static void move(Path temp, Path file) throws IOException {
    try {
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /**
   * The one line for a failed write of {@code file}, {@code kept} saying what is left of it; also for a failed
   * append (results.jsonl), which cannot be written aside.
   */
  public static WriteFailed failed(Path file, String kept, IOException e) {
    return new WriteFailed("cannot write " + file.toAbsolutePath() + ": " + reason(e) + " (" + freeSpace(file)
        + "); " + kept, e);
  }

  /** The cause without the path the message already names (a FileSystemException repeats it). */
  private static String reason(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";  // its message is only the path
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "its directory does not exist";
    }
    String r = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
    if (r == null || r.isBlank()) {
      r = e.getClass().getSimpleName();
    }
    return r.strip().lines().findFirst().orElse(r);
  }

  /** "12.3 MB free on its file system", or why that is unknown. */
  static String freeSpace(Path file) {
    try {
      Path at = file.toAbsolutePath();
      while (at != null && !Files.exists(at)) {
        at = at.getParent();
      }
      if (at == null) {
        return "free space unknown";
      }
      return bytes(Files.getFileStore(at).getUsableSpace()) + " free on its file system";
    } catch (IOException | RuntimeException e) {
      return "free space unknown";
    }
  }

  static String bytes(long n) {
    if (n < 1024) {
      return n + " bytes";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }

  /**
   * Removes the temporary files a killed writer left in {@code dir} (the caller holds the run directory's lock,
   * so none of them is being written); returns how many.
   */
  public static int removeLeftovers(Path dir) {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    int removed = 0;
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(OutputFiles::temporary).toList()) {
        deleteQuietly(f);
        removed++;
      }
    } catch (IOException e) {
      // an unreadable directory: the next write says what is wrong with it
    }
    return removed;
  }

  private static boolean temporary(Path f) {
    String n = f.getFileName().toString();
    return n.startsWith(TEMP_PREFIX) && n.endsWith(TEMP_SUFFIX);
  }

  private static void deleteQuietly(Path temp) {
    if (temp == null) {
      return;
    }
    try {
      Files.deleteIfExists(temp);
    } catch (IOException e) {
      // a temporary file that cannot be removed is harmless: its name says what it is
    }
  }
}
