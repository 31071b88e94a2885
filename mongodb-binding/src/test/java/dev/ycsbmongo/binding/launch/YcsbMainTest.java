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
import java.util.Optional;
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
  void collectsTheSecretOfTheVariableThatEnvUrlNames() {
    List<String> secrets = YcsbMain.secrets(new String[] {"-p", "mongodb.url=env:MONGODB_URI"},
        Map.of("MONGODB_URI", "mongodb://u:fromSecret@h/db"));
    assertTrue(secrets.contains("fromSecret"), secrets.toString());
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

  @Test
  void holdsBackTheStartOfAnEscapedPasswordAcrossAFlush() {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(new MaskingOutputStream(sink, List.of("pa\"ss<w>rd")), true,
        StandardCharsets.UTF_8)) {
      out.print("{\"cause\":\"pa\\\"ss");
      out.print("<w>rd\"} and <b>pa&quot;ss&lt;w&gt;rd</b>\n");
    }
    String text = sink.toString(StandardCharsets.UTF_8);
    assertEquals("{\"cause\":\"****\"} and <b>****</b>\n", text.replace(System.lineSeparator(), "\n"));
  }

  @Test
  void rejectsANonNumericOperationCountWithOneLineNamingIt() {
    String line = YcsbMain.invalidSetting(new String[] {"-p", "operationcount=abc"}, Map.of()).orElseThrow();
    assertEquals("operationcount: 'abc' is not a whole number; expected a whole number >= 0 (0 means no limit:"
        + " the run then needs maxexecutiontime)", line);
  }

  @Test
  void checksThreadsAndTargetGivenAsOptions() {
    assertTrue(YcsbMain.invalidSetting(new String[] {"-threads", "many"}, Map.of()).orElseThrow()
        .startsWith("threadcount: 'many' is not a whole number"));
    assertTrue(YcsbMain.invalidSetting(new String[] {"-target", "-5"}, Map.of()).orElseThrow()
        .startsWith("target: '-5' is too small"));
  }

  @Test
  void reportsACombinationProblemNamingItsKeys() {
    String line = YcsbMain.invalidSetting(new String[] {"-p", "readproportion=0", "-p", "updateproportion=0"},
        Map.of()).orElseThrow();
    assertTrue(line.startsWith("readproportion, updateproportion, insertproportion, scanproportion,"
        + " readmodifywriteproportion: every operation proportion is 0"), line);
  }

  @Test
  void namesTheJvmOptionsTheLauncherAddedInOneLine() {
    assertEquals(Optional.of("ycsb: note: JVM options added by the launcher: -Xmx1g -XX:+UseParallelGC (JAVA_OPTS or"
        + " -jvm-args with an option of the same kind replace each; YCSB's own launcher adds none)"),
        YcsbMain.jvmDefaultsNote(Map.of(YcsbMain.JVM_DEFAULTS_ENV, " -Xmx1g -XX:+UseParallelGC ")));
    assertEquals(Optional.empty(), YcsbMain.jvmDefaultsNote(Map.of(YcsbMain.JVM_DEFAULTS_ENV, " ")));
    assertEquals(Optional.empty(), YcsbMain.jvmDefaultsNote(Map.of()));
  }

  @Test
  void acceptsTheStudiesWeightsAsYcsbRunsThem() {
    // the instance-sizes, chained-replication and max-connections studies write 50/50
    assertEquals(Optional.empty(), YcsbMain.invalidSetting(new String[] {"-p", "readproportion=50", "-p",
        "updateproportion=50", "-t"}, Map.of()));
  }

  @Test
  void judgesOperationCountAndHotspotSetsOnlyWhereTheCommandUsesThem() {
    String[] load = {"-p", "operationcount=lots", "-load"};
    assertEquals(Optional.empty(), YcsbMain.invalidSetting(load, Map.of()), "a load does not read operationcount");
    String[] run = {"-p", "operationcount=lots", "-load", "-t"};
    assertTrue(YcsbMain.invalidSetting(run, Map.of()).orElseThrow().startsWith("operationcount: 'lots'"));
    String[] hotspot = {"-p", "requestdistribution=hotspot", "-p", "recordcount=1000", "-p", "hotspotdatafraction=0"};
    assertTrue(YcsbMain.invalidSetting(hotspot, Map.of()).orElseThrow()
        .startsWith("hotspotdatafraction, hotspotopnfraction: "));
    String[] hotspotLoad = {"-p", "requestdistribution=hotspot", "-p", "recordcount=1000", "-p",
        "hotspotdatafraction=0", "-load"};
    assertEquals(Optional.empty(), YcsbMain.invalidSetting(hotspotLoad, Map.of()));
  }

  @Test
  void commandLineSettingsWinOverFilesWhereverTheyStandAsInYcsb() throws Exception {
    Path workload = dir.resolve("w");
    Files.writeString(workload, "recordcount=0\nrequestdistribution=uniform\n");
    Path later = dir.resolve("later");
    Files.writeString(later, "requestdistribution=gaussianish\n");
    // YCSB applies every -p after all -P files, even a -p written before the file
    assertTrue(YcsbMain.invalidSetting(new String[] {"-p", "recordcount=10", "-P", workload.toString()}, Map.of())
        .isEmpty());
    // between files, the later one wins
    assertTrue(YcsbMain.invalidSetting(new String[] {"-P", workload.toString(), "-P", later.toString(),
        "-p", "recordcount=10"}, Map.of()).orElseThrow().startsWith("requestdistribution: 'gaussianish'"));
  }

  @Test
  void checksOnlyTheClientsPropertiesForAnotherWorkloadClass() {
    String[] custom = {"-p", "workload=com.example.MyWorkload", "-p", "requestdistribution=gaussianish"};
    assertTrue(YcsbMain.invalidSetting(custom, Map.of()).isEmpty());
    String[] customBadCount = {"-p", "workload=com.example.MyWorkload", "-p", "operationcount=-1"};
    assertTrue(YcsbMain.invalidSetting(customBadCount, Map.of()).isPresent());
  }

  @Test
  void connectionCheckNamesTheCauseAndTheMaskedUrl() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();  // closed again: nothing listens there now
    }
    String line = YcsbMain.checkConnection(new String[] {"-p", "mongodb.url=mongodb://u:hunter2@127.0.0.1:" + port
        + "/ycsb", "-p", "mongodb.serverSelectionTimeoutMs=5000"}, Map.of()).orElseThrow();
    assertTrue(line.startsWith("cannot use mongodb://u:****@127.0.0.1:" + port + "/ycsb: connection refused"), line);
    assertFalse(line.contains("hunter2"), line);
  }
}
