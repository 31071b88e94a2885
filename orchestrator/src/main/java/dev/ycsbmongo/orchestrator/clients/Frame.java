package dev.ycsbmongo.orchestrator.clients;

import java.util.Objects;

/**
 * One frame as it travels: whose it is, its place in that client's sequence, its type, and its
 * payload (JSON text; {@link FrameLine} base64-encodes it so that a frame is one line without spaces
 * inside its fields).
 *
 * @param client the client's index, 0 to N-1 (a Kubernetes Indexed Job's completion index)
 * @param seq the frame's number in its client's sequence: 0 for the hello, then 1, 2, ... without gaps
 * @param type what the payload holds
 * @param payload JSON text
 */
public record Frame(int client, long seq, FrameType type, String payload) {

  public Frame {
    if (client < 0) {
      throw new IllegalArgumentException("client index " + client + " is negative");
    }
    if (seq < 0) {
      throw new IllegalArgumentException("frame sequence " + seq + " is negative");
    }
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(payload, "payload");
  }
}
