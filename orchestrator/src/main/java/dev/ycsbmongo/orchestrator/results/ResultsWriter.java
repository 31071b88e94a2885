package dev.ycsbmongo.orchestrator.results;

import dev.ycsbmongo.orchestrator.OutputFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends records to {@code results.jsonl}, one line each, forced to disk before {@link #append}
 * returns: a crash or a kill loses nothing already finished.
 */
public final class ResultsWriter implements AutoCloseable {

  public static final String FILE = "results.jsonl";
  /** Where an incomplete last line (a crash mid-write) is kept when the run is resumed. */
  public static final String CUT_FILE = "results.jsonl.cut";

  private final FileChannel channel;
  private final Path file;

  private ResultsWriter(FileChannel channel, Path file) {
    this.channel = channel;
    this.file = file;
  }

  /**
   * Opens for appending. A last line cut off by a crash is moved to {@value #CUT_FILE} first, so
   * the next record starts on a line of its own instead of being glued to the fragment.
   */
  public static ResultsWriter open(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    if (Files.exists(file)) {
      byte[] bytes = Files.readAllBytes(file);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      if (end < bytes.length) {
        Files.write(runDir.resolve(CUT_FILE), java.util.Arrays.copyOfRange(bytes, end, bytes.length),
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
          c.truncate(end);
          c.force(true);
        }
      }
    }
    return new ResultsWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND), file);
  }

  /**
   * Appends one record. A record that cannot be written (a full disk) is one line naming the file, the free
   * space and {@code --resume}; what it may have left of a line is set aside when the run is resumed.
   */
  public synchronized void append(PhaseResult r) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap((ResultsJson.line(r) + "\n").getBytes(StandardCharsets.UTF_8));
    try {
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);  // the length changes too: metadata must reach the disk
    } catch (IOException e) {
      throw OutputFiles.failed(file, "the records before it are kept", e).advising("the record of " + r.phaseId()
          + " is not: make room, then `orchestrator run --resume " + file.getParent() + "` runs that phase again");
    }
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }
}
