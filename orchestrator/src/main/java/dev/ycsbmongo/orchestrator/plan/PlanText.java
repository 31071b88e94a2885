package dev.ycsbmongo.orchestrator.plan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A plan file's text, read with its size bounded while reading: a plan larger than {@link #MAX_BYTES} is
 * refused after reading one byte past the limit, before any parsing, whatever the file holds (one
 * 50 MB scalar made the YAML scanner's time grow with the square of its length, and JSON had no limit at all).
 */
public final class PlanText {

  /** A plan names targets, scenarios and sweeps: a few kilobytes. 3 MB is SnakeYAML's own document limit too. */
  public static final int MAX_BYTES = 3 * 1024 * 1024;

  /** The longest run of characters without a blank or line break a YAML plan may hold (see {@link #checkRuns}). */
  public static final int MAX_RUN = 64 * 1024;

  private PlanText() {
  }

  /**
   * The UTF-8 text of {@code file}; a {@link PlanException} when it holds more than {@link #MAX_BYTES}, a
   * {@link java.nio.charset.CharacterCodingException} when it is not UTF-8, the file system's
   * {@link IOException} otherwise (no such file, unreadable).
   */
  public static String read(Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    }
    if (bytes.length > MAX_BYTES) {
      throw tooLarge(file);
    }
    return StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes)).toString();
  }

  /** Refuses text already in memory that is over the limit (a UTF-8 byte per char at least: exact enough). */
  static void check(String text, Path source) {
    if (text.length() > MAX_BYTES) {
      throw tooLarge(source);
    }
  }

  /**
   * Refuses YAML text holding a run of more than {@link #MAX_RUN} characters without a blank or line break:
   * SnakeYAML copies its look-ahead window for every kilobyte of such a run, so its time grows with the square of
   * the run's length (one 2.9 MB word: 7 s and 1 GB; the same bytes in words of 50: 2 s and 120 MB).
   */
  static void checkRuns(String text, Path source) {
    int line = 1;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        line++;
        run = 0;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        run = 0;
      } else if (++run > MAX_RUN) {
        throw new PlanException(source, line, null, "more than " + String.format(java.util.Locale.ROOT, "%,d", MAX_RUN)
            + " characters without a space or line break; a plan's values are names, numbers and short text (a YAML"
            + " reader takes time that grows with the square of such a run's length)");
      }
    }
  }

  static PlanException tooLarge(Path source) {
    return new PlanException(source, 0, null, "the plan is larger than 3 MB (the limit); a plan names targets,"
        + " scenarios, sweeps and properties and takes a few kilobytes: keep data and long text out of it");
  }
}
