package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

class OpMsgTest {

  /** An OP_MSG reply as a server would send it: header, flags, one body section, optional checksum. */
  static ByteBuffer reply(int responseTo, String bodyJson, int flags, boolean sequenceSection) {
    byte[] body = bytes(BsonDocument.parse(bodyJson));
    byte[] seq = new byte[0];
    if (sequenceSection) {
      byte[] doc = bytes(BsonDocument.parse("{a: 1}"));
      ByteBuffer s = ByteBuffer.allocate(1 + 4 + 2 + doc.length).order(ByteOrder.LITTLE_ENDIAN);
      s.put((byte) 1).putInt(4 + 2 + doc.length).put("d".getBytes()).put((byte) 0).put(doc);
      seq = s.array();
    }
    boolean checksum = (flags & 1) != 0;
    int length = 16 + 4 + 1 + body.length + seq.length + (checksum ? 4 : 0);
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(length).putInt(99).putInt(responseTo).putInt(2013).putInt(flags);
    b.put((byte) 0).put(body).put(seq);
    if (checksum) {
      b.putInt(0x12345678);
    }
    return b.flip();
  }

  private static byte[] bytes(BsonDocument d) {
    org.bson.ByteBuf buf = new RawBsonDocument(d, new BsonDocumentCodec()).getByteBuffer();
    byte[] out = new byte[buf.remaining()];
    buf.get(out);
    return out;
  }

  @Test
  void encodesIsMasterAsOneBodySectionWithNothingAfterIt() {
    ByteBuffer m = OpMsg.isMaster(7).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(m.remaining(), m.getInt(0), "length field = message size");
    assertEquals(7, m.getInt(4), "requestID");
    assertEquals(0, m.getInt(8), "responseTo");
    assertEquals(2013, m.getInt(12), "opCode OP_MSG");
    assertEquals(0, m.getInt(16), "flagBits");
    assertEquals(0, m.get(20), "section kind 0");
    int docLength = m.getInt(21);
    assertEquals(m.remaining() - 21, docLength, "the body document ends the message");
    byte[] doc = new byte[docLength];
    m.get(21, doc);
    assertEquals(BsonDocument.parse("{isMaster: 1, $db: 'admin'}"), new RawBsonDocument(doc));
  }

  @Test
  void sharedRequestIsReadOnly() {
    assertTrue(OpMsg.isMaster(1).isReadOnly());
  }

  @Test
  void readsAnOkReply() throws Exception {
    OpMsg.Reply r = OpMsg.parseReply(reply(7, "{ismaster: true, maxWireVersion: 8, ok: 1.0}", 0, false));
    assertTrue(r.ok());
    assertEquals(7, r.responseTo());
    assertNull(r.errmsg());
  }

  @Test
  void acceptsOkAsIntegerOrBoolean() throws Exception {
    assertTrue(OpMsg.parseReply(reply(1, "{ok: 1}", 0, false)).ok());
    assertTrue(OpMsg.parseReply(reply(1, "{ok: true}", 0, false)).ok());
  }

  @Test
  void readsAnErrorReplyWithItsMessage() throws Exception {
    OpMsg.Reply r = OpMsg.parseReply(reply(3, "{ok: 0.0, errmsg: 'too many connections', code: 1}", 0, false));
    assertFalse(r.ok());
    assertEquals("too many connections", r.errmsg());
  }

  @Test
  void fallsBackToCodeNameWithoutErrmsg() throws Exception {
    assertEquals("Unauthorized", OpMsg.parseReply(reply(3, "{ok: 0, codeName: 'Unauthorized'}", 0, false)).errmsg());
  }

  @Test
  void skipsChecksumAndDocumentSequences() throws Exception {
    assertTrue(OpMsg.parseReply(reply(1, "{ok: 1}", 1, true)).ok());
  }

  @Test
  void refusesOtherOpCodes() {
    ByteBuffer b = reply(1, "{ok: 1}", 0, false);
    b.order(ByteOrder.LITTLE_ENDIAN).putInt(12, 1);
    OpMsg.ProtocolException e = assertThrows(OpMsg.ProtocolException.class, () -> OpMsg.parseReply(b));
    assertEquals("reply has opCode 1, expected OP_MSG (2013)", e.getMessage());
  }

  @Test
  void refusesALengthThatIsNotMongoDb() {
    ByteBuffer http = ByteBuffer.wrap("HTTP/1.0 400 Bad Request\r\n".getBytes());
    OpMsg.ProtocolException e = assertThrows(OpMsg.ProtocolException.class, () -> OpMsg.messageLength(http));
    assertTrue(e.getMessage().startsWith("not a MongoDB reply (message length "), e.getMessage());
  }

  @Test
  void refusesASectionThatOverrunsTheMessage() {
    ByteBuffer b = reply(1, "{ok: 1}", 0, false);
    b.order(ByteOrder.LITTLE_ENDIAN).putInt(21, 1000);
    assertThrows(OpMsg.ProtocolException.class, () -> OpMsg.parseReply(b));
  }

  @Test
  void refusesABodyThatIsNotBson() {
    ByteBuffer b = reply(1, "{ok: 1}", 0, false);
    b.put(25, (byte) 0x7f); // the type byte of the first element
    assertThrows(OpMsg.ProtocolException.class, () -> OpMsg.parseReply(b));
  }
}
