package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class YcsbKeysTest {

  /** Each listed key is a string constant of the YCSB 0.17.0 class said to read it: no key is made up. */
  @Test
  void everyKeyIsAStringOfTheYcsbClassNamed() throws IOException {
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : YcsbKeys.BY_CLASS.entrySet()) {
      Set<String> strings = utf8Constants("site.ycsb." + e.getKey());
      e.getValue().stream().filter(k -> !strings.contains(k)).forEach(k -> missing.add(e.getKey() + ": " + k));
    }
    assertEquals(List.of(), missing);
  }

  @Test
  void theJarOnTheClassPathIsYcsb0170() {
    // the keys are YCSB 0.17.0's: a newer core (readallfieldsbyname, ...) would need the list read again
    String location = site.ycsb.Client.class.getProtectionDomain().getCodeSource().getLocation().toString();
    assertTrue(location.contains("0.17.0"), location);
  }

  @Test
  void knowsYcsbTheBindingAndHtrace() {
    assertTrue(YcsbKeys.known("maxexecutiontime"));
    assertTrue(YcsbKeys.known("core_workload_insertion_retry_limit"));
    assertTrue(YcsbKeys.known("hdrhistogram.percentiles"));
    assertTrue(YcsbKeys.known("mongodb.writeConcern"));
    assertTrue(YcsbKeys.known("mongodb.maxconnections"));
    assertTrue(YcsbKeys.known("batchsize"));
    assertTrue(YcsbKeys.known("htrace.sampler.classes"));
    assertFalse(YcsbKeys.known("maxexecutiontme"));
    assertFalse(YcsbKeys.known("readallfieldsbyname"));  // YCSB 0.18, not 0.17.0
    assertFalse(YcsbKeys.known("basicdb.verbose"));  // BasicDB's, never the db a phase runs
  }

  @Test
  void suggestsTheClosestKey() {
    assertEquals(Optional.of("maxexecutiontime"), YcsbKeys.closest("maxexecutiontme"));
    assertEquals(Optional.of("requestdistribution"), YcsbKeys.closest("requestdistribtion"));
    assertEquals(Optional.of("mongodb.writeConcern"), YcsbKeys.closest("mongodb.writeconcern"));
    assertEquals(Optional.empty(), YcsbKeys.closest("completely.unrelated.setting"));
  }

  /** The CONSTANT_Utf8 entries of a class file's constant pool (JVMS 4.4). */
  private static Set<String> utf8Constants(String className) throws IOException {
    String resource = "/" + className.replace('.', '/') + ".class";
    try (InputStream in = site.ycsb.Client.class.getResourceAsStream(resource)) {
      assertTrue(in != null, resource + " is not on the class path");
      DataInputStream data = new DataInputStream(in);
      data.readInt();  // magic
      data.readUnsignedShort();
      data.readUnsignedShort();
      int count = data.readUnsignedShort();
      Set<String> strings = new HashSet<>();
      for (int i = 1; i < count; i++) {
        int tag = data.readUnsignedByte();
        switch (tag) {
          case 1 -> strings.add(data.readUTF());
          case 7, 8, 16, 19, 20 -> data.readUnsignedShort();
          case 15 -> {
            data.readUnsignedByte();
            data.readUnsignedShort();
          }
          case 3, 4, 9, 10, 11, 12, 17, 18 -> data.readInt();
          case 5, 6 -> {
            data.readLong();
            i++;  // a long or double takes two entries
          }
          default -> throw new IOException(resource + ": unknown constant pool tag " + tag);
        }
      }
      return strings;
    }
  }
}
