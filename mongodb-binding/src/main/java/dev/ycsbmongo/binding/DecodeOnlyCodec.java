package dev.ycsbmongo.binding;

import org.bson.BsonWriter;
import org.bson.codecs.Codec;
import org.bson.codecs.EncoderContext;

/**
 * A codec for what the binding only ever reads off the wire (command replies, records as read):
 * the driver asks for a {@link Codec} where a decoder is all it uses, so encoding one is a bug.
 */
abstract class DecodeOnlyCodec<T> implements Codec<T> {

  private final Class<T> type;

  DecodeOnlyCodec(Class<T> type) {
    this.type = type;
  }

  @Override
  public final void encode(BsonWriter writer, T value, EncoderContext context) {
    throw new UnsupportedOperationException(type.getSimpleName() + " is only ever decoded");
  }

  @Override
  public final Class<T> getEncoderClass() {
    return type;
  }
}
