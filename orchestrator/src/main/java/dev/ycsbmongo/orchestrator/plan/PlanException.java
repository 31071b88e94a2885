package dev.ycsbmongo.orchestrator.plan;

import dev.ycsbmongo.binding.UriMasker;
import java.nio.file.Path;

/**
 * A plan file that cannot be used. The message is one line, {@code FILE:LINE: KEY: what is wrong;
 * expected ...}, so the command layer prints it as it is; any connection string in it is masked.
 */
public final class PlanException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path source;
  private final int line;

  PlanException(Path source, int line, String key, String problem) {
    super(oneLine(source + (line > 0 ? ":" + line : "") + ": " + (key == null || key.isEmpty() ? "" : key + ": ") + problem));
    this.source = source;
    this.line = line;
  }

  /** A problem found after loading (in an expanded cell), at {@code line} of {@code source} (0: the file as a whole). */
  public static PlanException at(Path source, int line, String key, String problem) {
    return new PlanException(source, line, key, problem);
  }

  /** The plan file, as it was named to the loader. */
  public Path source() {
    return source;
  }

  /** 1-based line of the offending key or value. */
  public int line() {
    return line;
  }

  private static String oneLine(String message) {
    return UriMasker.mask(message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip());
  }
}
