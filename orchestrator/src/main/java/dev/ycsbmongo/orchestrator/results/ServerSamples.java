package dev.ycsbmongo.orchestrator.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads {@value #FILE}: one {@link ServerSample} per line, appended as the sampler
 * goes, so a crash keeps every interval sampled before it. Lines reach the operating system at
 * once (a killed JVM loses nothing) but are not forced to disk each second: the sampler should not
 * add disk flushes to the machine it is measuring.
 */
public final class ServerSamples implements AutoCloseable {

  public static final String FILE = "server-samples.jsonl";

  private final FileChannel channel;

  private ServerSamples(FileChannel channel) {
    this.channel = channel;
  }

  /** Opens {@code file} for appending, creating it (and its directory) when missing. */
  public static ServerSamples open(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    return new ServerSamples(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND));
  }

  public synchronized void append(ServerSample sample) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap((line(sample) + "\n").getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }

  @Override
  public synchronized void close() throws IOException {
    channel.close();
  }

  /** One line, no trailing newline, in the results' JSON mapping (nulls left out). */
  public static String line(ServerSample sample) {
    try {
      return ResultsJson.MAPPER.writeValueAsString(sample);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise a server sample", e);
    }
  }

  /**
   * The samples of {@code file} in order; a missing file is an empty series. A last line without
   * its newline (the run stopped while writing it) is left out; a bad line elsewhere is an error
   * naming its line.
   */
  public static List<ServerSample> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
    List<ServerSample> samples = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        samples.add(ResultsJson.MAPPER.readValue(lines[i], ServerSample.class));
      } catch (IOException e) {
        if (i < lines.length - 1) {
          throw new IOException(file + ":" + (i + 1) + ": not a server sample: " + e.getMessage(), e);
        }
      }
    }
    return samples;
  }
}
