package dev.ycsbmongo.binding.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbMainTest {

  @TempDir
  Path dir;

  @Test
  void rejectsABadOptionBeforeYcsbStartsWithOneLine() {
    String line = YcsbMain.invalidSetting(new String[] {"-db", "x", "-p", "mongodb.writeConcern=most", "-threads", "8"},
        Map.of()).orElseThrow();
    assertTrue(line.startsWith("mongodb.writeConcern: 'most' is not valid; accepted:"), line);
  }

  @Test
  void commandLinePropertiesWinOverPropertyFilesAsInYcsb() throws Exception {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "mongodb.maxPoolSize=-1\n");
    assertTrue(YcsbMain.invalidSetting(new String[] {"-P", workload.toString()}, Map.of()).isPresent());
    assertTrue(YcsbMain.invalidSetting(new String[] {"-P", workload.toString(), "-p", "mongodb.maxPoolSize=10"},
        Map.of()).isEmpty());
  }

  @Test
  void leavesUnreadableFilesToYcsb() {
    assertTrue(YcsbMain.invalidSetting(new String[] {"-P", dir.resolve("missing").toString()}, Map.of()).isEmpty());
  }

  @Test
  void flushWritesOnlyWhatCannotStartASecret() {
    assertEquals(2, MaskingOutputStream.safePrefixLength("> hun", List.of("hunter2")));
    assertEquals(2, MaskingOutputStream.safePrefixLength("> mongodb://u:x", List.of("hunter2")));
    assertEquals(5, MaskingOutputStream.safePrefixLength("> abc", List.of("hunter2")));
  }

  @Test
  void collectsSecretsFromArgumentsFilesAndEnvironment() throws Exception {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "mongodb.url=mongodb://a:fromFile@h/db\n");
    List<String> secrets = YcsbMain.secrets(new String[] {"-P", workload.toString(), "-p",
        "mongodb.url=mongodb://b:fromArg@h/db"}, Map.of("YCSB_MONGODB_URL", "mongodb://c:fromEnv@h/db"));
    assertTrue(secrets.containsAll(List.of("fromFile", "fromArg", "fromEnv")), secrets.toString());
  }

  @Test
  void masksSecretsSplitAcrossWritesAndLeavesOtherTextAlone() {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(new MaskingOutputStream(sink, List.of("hunter2")), true,
        StandardCharsets.UTF_8)) {
      out.print("Command line: -p mongodb.url=mongodb://u:hun");
      out.print("ter2@h/db -threads 8\n");
      out.println("the password hunter2 alone");
      out.println("[OVERALL], Throughput(ops/sec), 123.4");
    }
    String text = sink.toString(StandardCharsets.UTF_8);
    assertFalse(text.contains("hunter2"), text);
    assertEquals("Command line: -p mongodb.url=mongodb://u:****@h/db -threads 8\nthe password **** alone\n"
        + "[OVERALL], Throughput(ops/sec), 123.4\n", text.replace(System.lineSeparator(), "\n"));
  }
}
