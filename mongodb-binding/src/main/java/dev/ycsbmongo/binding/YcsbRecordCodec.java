package dev.ycsbmongo.binding;

import org.bson.BsonBinary;
import org.bson.BsonReader;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.BsonWriter;
import org.bson.codecs.CollectibleCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;

/**
 * Writes a {@link YcsbRecord} straight to BSON in the stock binding's layout ({@code _id} string,
 * fields as generic binary), with no intermediate {@code Document}: the stock binding spent
 * about half its client CPU building and walking such maps.
 */
final class YcsbRecordCodec implements CollectibleCodec<YcsbRecord> {

  @Override
  public void encode(BsonWriter writer, YcsbRecord record, EncoderContext context) {
    writer.writeStartDocument();
    writer.writeString("_id", record.key());
    String[] names = record.names();
    byte[][] values = record.values();
    for (int i = 0; i < names.length; i++) {
      writer.writeBinaryData(names[i], new BsonBinary(values[i]));
    }
    writer.writeEndDocument();
  }

  @Override
  public YcsbRecord decode(BsonReader reader, DecoderContext context) {
    throw new UnsupportedOperationException("records are read as FieldMap");
  }

  @Override
  public Class<YcsbRecord> getEncoderClass() {
    return YcsbRecord.class;
  }

  @Override
  public YcsbRecord generateIdIfAbsentFromDocument(YcsbRecord document) {
    return document;
  }

  @Override
  public boolean documentHasId(YcsbRecord document) {
    return true;
  }

  @Override
  public BsonValue getDocumentId(YcsbRecord document) {
    return new BsonString(document.key());
  }
}
