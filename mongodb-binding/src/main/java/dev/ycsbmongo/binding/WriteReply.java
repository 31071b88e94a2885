package dev.ycsbmongo.binding;

import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.codecs.DecoderContext;

/**
 * A write command's reply: {@code n} (documents matched) and the first write error or write
 * concern error, as "code: message" parts ({@code error} null when there is none). A reply with
 * {@code ok: 0} never gets here: the driver raises it first.
 */
record WriteReply(long n, int errorCode, String error) {

  static final class ReplyCodec extends DecodeOnlyCodec<WriteReply> {

    ReplyCodec() {
      super(WriteReply.class);
    }

    @Override
    public WriteReply decode(BsonReader reader, DecoderContext context) {
      long n = 0;
      int code = 0;
      String error = null;
      reader.readStartDocument();
      BsonType type;
      while ((type = reader.readBsonType()) != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        if (name.equals("n")) {
          n = number(reader, type);
        } else if (name.equals("writeErrors") && error == null) {
          reader.readStartArray();
          while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            ErrorDoc e = errorDoc(reader);
            if (error == null) {
              code = e.code;
              error = "write error " + e.code + ": " + e.message;
            }
          }
          reader.readEndArray();
        } else if (name.equals("writeConcernError") && error == null) {
          ErrorDoc e = errorDoc(reader);
          code = e.code;
          error = "write concern error " + e.code + ": " + e.message;
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
      return new WriteReply(n, code, error);
    }

    private record ErrorDoc(int code, String message) {
    }

    private static ErrorDoc errorDoc(BsonReader reader) {
      int code = 0;
      String message = "";
      reader.readStartDocument();
      BsonType type;
      while ((type = reader.readBsonType()) != BsonType.END_OF_DOCUMENT) {
        String name = reader.readName();
        if (name.equals("code")) {
          code = (int) number(reader, type);
        } else if (name.equals("errmsg") && type == BsonType.STRING) {
          message = reader.readString();
        } else {
          reader.skipValue();
        }
      }
      reader.readEndDocument();
      return new ErrorDoc(code, message);
    }

    private static long number(BsonReader reader, BsonType type) {
      return switch (type) {
        case INT32 -> reader.readInt32();
        case INT64 -> reader.readInt64();
        case DOUBLE -> (long) reader.readDouble();
        default -> {
          reader.skipValue();
          yield 0;
        }
      };
    }
  }
}
