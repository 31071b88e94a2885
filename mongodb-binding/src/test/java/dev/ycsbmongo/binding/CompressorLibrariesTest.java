package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.github.luben.zstd.Zstd;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * {@code mongodb.compressors=snappy,zstd} need native code the binding ships in target/lib;
 * a missing or unloadable library would only show as a failed handshake against a real server.
 */
class CompressorLibrariesTest {

  private static final byte[] SAMPLE = "field0=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".repeat(20).getBytes(StandardCharsets.UTF_8);

  @Test
  void snappyLoadsAndRoundTrips() throws Exception {
    assertArrayEquals(SAMPLE, Snappy.uncompress(Snappy.compress(SAMPLE)));
  }

  @Test
  void zstdLoadsAndRoundTrips() {
    assertArrayEquals(SAMPLE, Zstd.decompress(Zstd.compress(SAMPLE), SAMPLE.length));
  }
}
