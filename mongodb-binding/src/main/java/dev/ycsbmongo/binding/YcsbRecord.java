package dev.ycsbmongo.binding;

import java.util.Map;
import site.ycsb.ByteIterator;

/**
 * One record to write: the YCSB key as {@code _id} and each field's bytes. The bytes are taken
 * out of YCSB's one-shot {@link ByteIterator}s at once, because a batched or retried write
 * encodes them later, possibly more than once.
 */
record YcsbRecord(String key, String[] names, byte[][] values) {

  static YcsbRecord of(String key, Map<String, ByteIterator> fields) {
    String[] names = new String[fields.size()];
    byte[][] values = new byte[fields.size()][];
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : fields.entrySet()) {
      names[i] = e.getKey();
      values[i] = e.getValue().toArray();
      i++;
    }
    return new YcsbRecord(key, names, values);
  }
}
