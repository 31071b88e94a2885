package dev.ycsbmongo.orchestrator.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends records to {@code results.jsonl}, one line each, forced to disk before {@link #append}
 * returns: a crash or a kill loses nothing already finished.
 */
public final class ResultsWriter implements AutoCloseable {

  public static final String FILE = "results.jsonl";

  private final FileChannel channel;

  private ResultsWriter(FileChannel channel) {
    this.channel = channel;
  }

  public static ResultsWriter open(Path runDir) throws IOException {
    return new ResultsWriter(FileChannel.open(runDir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND));
  }

  public synchronized void append(PhaseResult r) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap((ResultsJson.line(r) + "\n").getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
    channel.force(false);
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }
}
