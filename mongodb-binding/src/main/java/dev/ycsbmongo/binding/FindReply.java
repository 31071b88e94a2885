package dev.ycsbmongo.binding;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.codecs.DecoderContext;

/**
 * A find command's reply reduced to its first record ({@code cursor.firstBatch[0]}), or null
 * when the batch is empty. Decoded in one pass with {@link FieldMapCodec}; everything else in the
 * reply is skipped. A reply with {@code ok: 0} never gets here: the driver raises it first.
 */
record FindReply(FieldMap first) {

  static final class ReplyCodec extends DecodeOnlyCodec<FindReply> {

    private final FieldMapCodec records = new FieldMapCodec();

    ReplyCodec() {
      super(FindReply.class);
    }

    @Override
    public FindReply decode(BsonReader reader, DecoderContext context) {
      FieldMap first = null;
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        if (reader.readName().equals("cursor")) {
          first = firstOfCursor(reader, context);
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
      return new FindReply(first);
    }

    private FieldMap firstOfCursor(BsonReader reader, DecoderContext context) {
      FieldMap first = null;
      reader.readStartDocument();
      while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
        if (reader.readName().equals("firstBatch")) {
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (first == null) {
              first = records.decode(reader, context);
            } else {
              reader.skipValue();
            }
          }
          reader.readEndArray();
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
      return first;
    }
  }
}
