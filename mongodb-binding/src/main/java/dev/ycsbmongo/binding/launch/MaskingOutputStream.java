package dev.ycsbmongo.binding.launch;

import dev.ycsbmongo.binding.UriMasker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Line-buffered stream that masks connection-string passwords and known secrets before bytes
 * reach the terminal or a log file. YCSB echoes its whole command line ("Command line: ... -p
 * mongodb.url=mongodb://user:pw@...") and we cannot change YCSB, so its output is filtered here.
 */
final class MaskingOutputStream extends OutputStream {

  private static final int MAX_PENDING = 64 * 1024;

  private final OutputStream target;
  private final List<String> secrets;
  private final List<String> heldBack;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  MaskingOutputStream(OutputStream target, List<String> secrets) {
    this.target = target;
    this.secrets = List.copyOf(secrets);
    // every form, so that a flush holds back the start of a JSON- or HTML-escaped password too
    this.heldBack = secrets.stream().flatMap(s -> UriMasker.forms(s).stream()).distinct().toList();
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n' || line.size() >= MAX_PENDING) {
      emit();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      line.write(b[i]);
      if (b[i] == '\n' || line.size() >= MAX_PENDING) {
        emit();
      }
    }
  }

  /**
   * PrintStream with autoflush flushes after every print, even mid-line; a secret printed in
   * pieces must not slip out half at a time. So a flush writes out only the part of a pending
   * line that cannot be the start of a connection string or of a secret; the rest waits for
   * its newline.
   */
  @Override
  public synchronized void flush() throws IOException {
    if (line.size() > 0) {
      String pending = line.toString(StandardCharsets.UTF_8);
      int safe = safePrefixLength(pending, heldBack);
      if (safe > 0) {
        line.reset();
        target.write(mask(pending.substring(0, safe), secrets).getBytes(StandardCharsets.UTF_8));
        line.write(pending.substring(safe).getBytes(StandardCharsets.UTF_8));
      }
    }
    target.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    emit();
    target.close();
  }

  /** Writes out whatever is pending, masked; for the end of the process, where no newline may come. */
  synchronized void drain() {
    try {
      emit();
      target.flush();
    } catch (IOException e) {
      // the process is ending and the stream is gone: nothing left to tell anyone
    }
  }

  private void emit() throws IOException {
    if (line.size() == 0) {
      return;
    }
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    target.write(mask(text, secrets).getBytes(StandardCharsets.UTF_8));
  }

  /** How much of an unfinished line can be written now without risking part of a secret. */
  static int safePrefixLength(String pending, List<String> secrets) {
    int scheme = pending.indexOf("mongodb");
    int safe = scheme >= 0 ? scheme : pending.length();
    for (String secret : secrets) {
      // hold back any tail that could be the beginning of this secret
      for (int n = Math.min(secret.length(), safe); n > 0; n--) {
        if (pending.startsWith(secret.substring(0, n), safe - n)) {
          safe -= n;
          break;
        }
      }
    }
    return safe;
  }

  static String mask(String text, List<String> secrets) {
    return UriMasker.mask(text, secrets);
  }
}
