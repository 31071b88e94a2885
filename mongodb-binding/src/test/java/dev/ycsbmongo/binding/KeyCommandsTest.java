package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonDocumentWriter;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;

/** The direct read/update commands: which settings allow them, what they send, how replies decode. */
class KeyCommandsTest {

  private static ClientConfig config(String... keyValues) throws InvalidSettingException {
    Properties p = new Properties();
    p.setProperty(Keys.URL, "mongodb://127.0.0.1:27017/ycsb");
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return BindingSettings.from(p).client();
  }

  private static <T> T decode(Codec<T> codec, BsonDocument reply) {
    RawBsonDocument raw = RawBsonDocument.parse(reply.toJson());
    ByteBuffer bytes = raw.getByteBuffer().asNIO();
    try (BsonBinaryReader reader = new BsonBinaryReader(bytes)) {
      return codec.decode(reader, DecoderContext.builder().build());
    }
  }

  private static String text(ByteIterator value) {
    return new String(value.toArray(), StandardCharsets.UTF_8);
  }

  @Test
  void defaultsSendBothOperationsAsPlainCommands() throws Exception {
    ClientConfig c = config();
    assertTrue(KeyCommands.readsDirect(c));
    assertTrue(KeyCommands.updatesDirect(c));
    assertEquals("read by key: find command, update by key: update command", KeyCommands.describe(c));
  }

  @Test
  void retriesAndUnacknowledgedWritesKeepTheDriversPath() throws Exception {
    assertFalse(KeyCommands.readsDirect(config(Keys.RETRY_READS, "true")));
    assertTrue(KeyCommands.updatesDirect(config(Keys.RETRY_READS, "true")));
    assertFalse(KeyCommands.updatesDirect(config(Keys.RETRY_WRITES, "true")));
    assertTrue(KeyCommands.readsDirect(config(Keys.RETRY_WRITES, "true")));
    assertFalse(KeyCommands.updatesDirect(config(Keys.WRITE_CONCERN, "0")), "w:0 needs a command sent without a reply");
    ClientConfig fromUrl = config(Keys.URL, "mongodb://127.0.0.1/ycsb?w=0&retryReads=true");
    assertFalse(KeyCommands.updatesDirect(fromUrl));
    assertFalse(KeyCommands.readsDirect(fromUrl));
    assertEquals("read by key: driver find (retryReads), update by key: driver updateOne (w:0)", KeyCommands.describe(fromUrl));
    assertEquals("read by key: find command, update by key: driver updateOne (retryWrites)",
        KeyCommands.describe(config(Keys.RETRY_WRITES, "true")));
  }

  @Test
  void findIsTheCommandTheCollectionApiSendsForFirst() throws Exception {
    KeyCommands k = KeyCommands.of(config(), null);
    assertEquals(BsonDocument.parse("{find: 'usertable', filter: {_id: 'user1'}, limit: 1, singleBatch: true}"),
        k.findCommand("usertable", "user1", null));
    LinkedHashSet<String> fields = new LinkedHashSet<>(List.of("field0", "field3"));
    assertEquals(BsonDocument.parse("{find: 'usertable', filter: {_id: 'user1'}, limit: 1, singleBatch: true,"
        + " projection: {field0: 1, field3: 1}}"), k.findCommand("usertable", "user1", fields));
  }

  @Test
  void findCarriesTheConfiguredReadConcernAndUpdateTheWriteConcern() throws Exception {
    KeyCommands k = KeyCommands.of(config(Keys.READ_CONCERN, "majority", Keys.WRITE_CONCERN, "majority",
        Keys.WTIMEOUT_MS, "2500"), null);
    assertEquals(new BsonDocument("level", new BsonString("majority")),
        k.findCommand("t", "k", null).getDocument("readConcern"));
    assertEquals(BsonDocument.parse("{w: 'majority', wtimeout: 2500}"),
        k.updateCommand("t", "k", new BsonDocument()).getDocument("writeConcern"));
    KeyCommands serverDefaults = KeyCommands.of(config(), null);
    assertFalse(serverDefaults.findCommand("t", "k", null).containsKey("readConcern"), "server default: not sent");
    assertFalse(serverDefaults.updateCommand("t", "k", new BsonDocument()).containsKey("writeConcern"));
    assertEquals(new BsonDocument("w", new BsonInt32(1)),
        KeyCommands.of(config(Keys.URL, "mongodb://127.0.0.1/ycsb?w=1"), null)
            .updateCommand("t", "k", new BsonDocument()).getDocument("writeConcern"));
  }

  @Test
  void updateIsOneSetStatementOnTheKey() throws Exception {
    BsonDocument set = new BsonDocument("field1", new BsonBinary(new byte[] {1, 2}));
    BsonDocument expected = new BsonDocument("update", new BsonString("usertable"))
        .append("ordered", org.bson.BsonBoolean.TRUE)
        .append("updates", new BsonArray(List.of(new BsonDocument("q", new BsonDocument("_id", new BsonString("user7")))
            .append("u", new BsonDocument("$set", set)))));
    assertEquals(expected, KeyCommands.of(config(), null).updateCommand("usertable", "user7", set));
  }

  @Test
  void findReplyGivesTheFirstRecordOfTheBatchWithoutItsId() {
    BsonDocument reply = BsonDocument.parse("{cursor: {id: {$numberLong: '0'}, ns: 'ycsb.usertable', firstBatch: ["
        + "{_id: 'user1', field0: {$binary: {base64: 'YWJj', subType: '00'}}, field1: 'text', n: 3},"
        + "{_id: 'user2', field0: {$binary: {base64: 'eHl6', subType: '00'}}}]}, ok: 1.0}");
    FieldMap first = decode(new FindReply.ReplyCodec(), reply).first();
    assertEquals(2, first.size(), "binary and string fields; _id and other types skipped, as the stock binding");
    assertEquals("abc", text(first.get("field0")));
    assertEquals("text", text(first.get("field1")));
  }

  @Test
  void findReplyWithAnEmptyBatchIsNotFound() {
    assertNull(decode(new FindReply.ReplyCodec(), BsonDocument.parse(
        "{ok: 1.0, $clusterTime: {clusterTime: {$timestamp: {t: 1, i: 1}}}, cursor: {firstBatch: [], id: 0, ns: 'a.b'}}")).first());
    assertNull(decode(new FindReply.ReplyCodec(), BsonDocument.parse("{ok: 1.0}")).first());
  }

  @Test
  void writeReplyCountsMatchesInAnyNumberType() {
    assertEquals(new WriteReply(1, 0, null), decode(new WriteReply.ReplyCodec(), BsonDocument.parse("{n: 1, nModified: 1, ok: 1.0}")));
    assertEquals(0, decode(new WriteReply.ReplyCodec(), new BsonDocument("n", new BsonInt64(0)).append("ok", new BsonDouble(1))).n());
    assertEquals(1, decode(new WriteReply.ReplyCodec(), new BsonDocument("n", new BsonDouble(1))).n());
  }

  @Test
  void writeReplyCarriesTheFirstWriteErrorOrWriteConcernError() {
    WriteReply dup = decode(new WriteReply.ReplyCodec(), BsonDocument.parse("{n: 0, writeErrors: ["
        + "{index: 0, code: 11000, errmsg: 'E11000 duplicate key'}, {index: 1, code: 2, errmsg: 'second'}], ok: 1.0}"));
    assertEquals(new WriteReply(0, 11000, "write error 11000: E11000 duplicate key"), dup);
    WriteReply wce = decode(new WriteReply.ReplyCodec(), BsonDocument.parse("{n: 1, ok: 1.0,"
        + " writeConcernError: {code: 64, codeName: 'WriteConcernTimeout', errmsg: 'waiting for replication timed out'}}"));
    assertEquals(new WriteReply(1, 64, "write concern error 64: waiting for replication timed out"), wce);
  }

  @Test
  void replyCodecsNameTheirTypeAndRefuseToEncode() {
    List<DecodeOnlyCodec<?>> codecs = List.of(new FindReply.ReplyCodec(), new WriteReply.ReplyCodec(), new FieldMapCodec());
    assertEquals(List.of(FindReply.class, WriteReply.class, FieldMap.class),
        codecs.stream().map(DecodeOnlyCodec::getEncoderClass).toList());
    UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
        () -> new WriteReply.ReplyCodec().encode(new BsonDocumentWriter(new BsonDocument()), new WriteReply(1, 0, null),
            EncoderContext.builder().build()));
    assertEquals("WriteReply is only ever decoded", refused.getMessage());
  }
}
