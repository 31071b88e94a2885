package dev.ycsbmongo.orchestrator.connections;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonNumber;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * The one command each stress connection runs, in MongoDB's wire protocol: an OP_MSG
 * {@code {isMaster: 1, $db: "admin"}} and the reading of its reply. isMaster rather than hello
 * because every server the driver supports answers it, the embedded test server included, and it
 * needs no authentication, so workers never hold credentials.
 */
final class OpMsg {

  static final int OP_MSG = 2013;
  static final int HEADER_BYTES = 16;
  /** Larger than any isMaster reply; a bigger length means we are not talking to MongoDB. */
  static final int MAX_REPLY_BYTES = 1 << 20;
  private static final int CHECKSUM_PRESENT = 1;
  private static final int SECTION_BODY = 0;
  private static final int SECTION_SEQUENCE = 1;

  /** What a reply said: ok 1, or the server's errmsg. */
  record Reply(int responseTo, boolean ok, String errmsg) {
  }

  /** Thrown when the bytes are not an OP_MSG reply: the peer is not a MongoDB server, or broke the protocol. */
  static final class ProtocolException extends Exception {
    private static final long serialVersionUID = 1L;

    ProtocolException(String message) {
      super(message);
    }
  }

  private OpMsg() {
  }

  /** The whole message, header included, ready to write; read-only so connections can share it. */
  static ByteBuffer isMaster(int requestId) {
    BsonDocument command = new BsonDocument("isMaster", new BsonInt32(1)).append("$db", new BsonString("admin"));
    org.bson.ByteBuf raw = new RawBsonDocument(command, new BsonDocumentCodec()).getByteBuffer();
    byte[] body = new byte[raw.remaining()];
    raw.get(body);
    int length = HEADER_BYTES + 4 + 1 + body.length;
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(length).putInt(requestId).putInt(0).putInt(OP_MSG);
    b.putInt(0); // flagBits
    b.put((byte) SECTION_BODY).put(body);
    return b.flip().asReadOnlyBuffer();
  }

  /**
   * The length a message announces in its first four bytes; checked so a peer that is not MongoDB
   * (an HTTP server, a TLS port) cannot make us allocate what it likes.
   */
  static int messageLength(ByteBuffer firstFour) throws ProtocolException {
    int length = firstFour.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    if (length < HEADER_BYTES + 5 || length > MAX_REPLY_BYTES) {
      throw new ProtocolException("not a MongoDB reply (message length " + length + ")");
    }
    return length;
  }

  /** Reads a whole reply message, header included. */
  static Reply parseReply(ByteBuffer message) throws ProtocolException {
    ByteBuffer b = message.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    int length = messageLength(b);
    if (b.remaining() != length) {
      throw new ProtocolException("reply is " + b.remaining() + " bytes but announces " + length);
    }
    b.getInt();
    b.getInt(); // requestID
    int responseTo = b.getInt();
    int opCode = b.getInt();
    if (opCode != OP_MSG) {
      throw new ProtocolException("reply has opCode " + opCode + ", expected OP_MSG (" + OP_MSG + ")");
    }
    int flags = b.getInt();
    int end = (flags & CHECKSUM_PRESENT) != 0 ? length - 4 : length;
    BsonDocument body = null;
    while (b.position() < end) {
      int kind = b.get();
      int size = b.getInt(b.position());
      if (size < 5 || b.position() + size > end) {
        throw new ProtocolException("reply section of " + size + " bytes overruns the message");
      }
      if (kind == SECTION_BODY) {
        ByteBuffer doc = b.slice(b.position(), size);
        byte[] bytes = new byte[size];
        doc.get(bytes);
        body = new RawBsonDocument(bytes);
      } else if (kind != SECTION_SEQUENCE) {
        throw new ProtocolException("reply has unknown section kind " + kind);
      }
      b.position(b.position() + size);
    }
    if (body == null) {
      throw new ProtocolException("reply has no body section");
    }
    try {
      return new Reply(responseTo, isOk(body.get("ok")), errmsg(body));
    } catch (RuntimeException e) {
      // bytes off the network: whatever the BSON reader trips over, the reply is not BSON
      throw new ProtocolException("reply body is not BSON: " + e.getMessage());
    }
  }

  private static boolean isOk(BsonValue ok) {
    if (ok == null) {
      return false;
    }
    if (ok.isBoolean()) {
      return ok.asBoolean().getValue();
    }
    return ok.isNumber() && ((BsonNumber) ok).doubleValue() == 1.0;
  }

  private static String errmsg(BsonDocument body) {
    BsonValue msg = body.get("errmsg");
    if (msg != null && msg.isString()) {
      return msg.asString().getValue();
    }
    BsonValue code = body.get("codeName");
    return code != null && code.isString() ? code.asString().getValue() : null;
  }
}
