package dev.ycsbmongo.binding;

import java.util.HashMap;
import site.ycsb.ByteIterator;

/** A record as read back: field name to bytes, ready to hand to YCSB without copying. */
final class FieldMap extends HashMap<String, ByteIterator> {

  private static final long serialVersionUID = 1L;

  FieldMap(int expectedFields) {
    super(Math.max(4, (int) (expectedFields / 0.75f) + 1));
  }
}
