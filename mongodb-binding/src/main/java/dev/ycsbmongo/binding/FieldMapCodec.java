package dev.ycsbmongo.binding;

import java.nio.charset.StandardCharsets;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.codecs.DecoderContext;
import site.ycsb.ByteArrayByteIterator;

/**
 * Reads a record straight from BSON into a {@link FieldMap}: binary fields (what YCSB writes,
 * with ours or the stock binding) as their bytes, strings as UTF-8 bytes; {@code _id} and other
 * types are skipped, as the stock binding does.
 */
final class FieldMapCodec extends DecodeOnlyCodec<FieldMap> {

  private static final int TYPICAL_FIELDS = 10;

  FieldMapCodec() {
    super(FieldMap.class);
  }

  @Override
  public FieldMap decode(BsonReader reader, DecoderContext context) {
    FieldMap map = new FieldMap(TYPICAL_FIELDS);
    reader.readStartDocument();
    BsonType type;
    while ((type = reader.readBsonType()) != BsonType.END_OF_DOCUMENT) {
      String name = reader.readName();
      if (type == BsonType.BINARY && !"_id".equals(name)) {
        map.put(name, new ByteArrayByteIterator(reader.readBinaryData().getData()));
      } else if (type == BsonType.STRING && !"_id".equals(name)) {
        map.put(name, new ByteArrayByteIterator(reader.readString().getBytes(StandardCharsets.UTF_8)));
      } else {
        reader.skipValue();
      }
    }
    reader.readEndDocument();
    return map;
  }
}
