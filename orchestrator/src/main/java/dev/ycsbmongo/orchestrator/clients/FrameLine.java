package dev.ycsbmongo.orchestrator.clients;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * One frame as one text line:
 * {@code @@ycsbmongo-frame v1 <client> <seq> <type> <base64 payload> <crc32>}, where the CRC-32
 * (8 lowercase hex digits) covers the text from {@code v1} to the end of the payload. Whatever
 * precedes the marker on a line (a log timestamp, another thread's unterminated output) is ignored;
 * a marked line that does not parse or whose checksum differs is damaged, never skipped, because
 * skipping it would silently lose measurements.
 */
public final class FrameLine {

  /** Starts every frame; chosen so that no YCSB or driver output contains it. */
  public static final String MARKER = "@@ycsbmongo-frame";
  public static final String VERSION = "v1";

  private static final Base64.Encoder B64 = Base64.getEncoder();
  private static final Base64.Decoder B64D = Base64.getDecoder();

  private FrameLine() {
  }

  /** The line for {@code frame}, without a line terminator. */
  public static String encode(Frame frame) {
    String body = VERSION + ' ' + frame.client() + ' ' + frame.seq() + ' ' + frame.type().wireName() + ' '
        + B64.encodeToString(frame.payload().getBytes(StandardCharsets.UTF_8));
    return MARKER + ' ' + body + ' ' + crc(body);
  }

  /**
   * The frame on {@code line}; empty when the line holds no marker (ordinary output).
   *
   * @throws FrameException when the line holds a marker but not an intact frame; the message
   *     starts with what is wrong, the caller adds where
   */
  public static Optional<Frame> parse(String line) throws FrameException {
    int at = line.indexOf(MARKER);
    if (at < 0) {
      return Optional.empty();
    }
    String rest = line.substring(at + MARKER.length()).strip();
    String[] f = rest.split(" ", -1);
    if (f.length > 1 && f[0].startsWith("v") && !f[0].equals(VERSION)) {
      throw new FrameException("frame version '" + f[0] + "' is not supported (accepted: " + VERSION + ")");
    }
    if (f.length != 6) {
      throw new FrameException("damaged frame: " + f.length + " fields instead of 6 (version, client, sequence,"
          + " type, payload, crc32): truncated or interleaved output");
    }
    String body = rest.substring(0, rest.lastIndexOf(' '));
    if (!crc(body).equals(f[5])) {
      throw new FrameException("damaged frame: checksum " + f[5] + " does not match its content (" + crc(body)
          + "): truncated or interleaved output");
    }
    int client;
    long seq;
    try {
      client = Integer.parseInt(f[1]);
      seq = Long.parseLong(f[2]);
    } catch (NumberFormatException e) {
      throw new FrameException("damaged frame: client '" + f[1] + "' or sequence '" + f[2] + "' is not a number");
    }
    if (client < 0 || seq < 0) {
      throw new FrameException("damaged frame: client " + client + " or sequence " + seq + " is negative");
    }
    FrameType type = FrameType.ofWireName(f[3]);
    if (type == null) {
      throw new FrameException("unknown frame type '" + f[3] + "' (accepted: " + FrameType.accepted() + ")");
    }
    String payload;
    try {
      payload = new String(B64D.decode(f[4]), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new FrameException("damaged frame: payload is not base64");
    }
    return Optional.of(new Frame(client, seq, type, payload));
  }

  static String crc(String body) {
    CRC32 c = new CRC32();
    c.update(body.getBytes(StandardCharsets.US_ASCII));
    return String.format(Locale.ROOT, "%08x", c.getValue());
  }
}
