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
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  MaskingOutputStream(OutputStream target, List<String> secrets) {
    this.target = target;
    this.secrets = List.copyOf(secrets);
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

  @Override
  public synchronized void flush() throws IOException {
    emit();
    target.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
    target.close();
  }

  private void emit() throws IOException {
    if (line.size() == 0) {
      return;
    }
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    target.write(mask(text, secrets).getBytes(StandardCharsets.UTF_8));
  }

  static String mask(String text, List<String> secrets) {
    String masked = UriMasker.mask(text);
    for (String secret : secrets) {
      if (!secret.isEmpty()) {
        masked = masked.replace(secret, UriMasker.MASK);
      }
    }
    return masked;
  }
}
