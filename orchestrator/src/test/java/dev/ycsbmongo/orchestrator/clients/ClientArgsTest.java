package dev.ycsbmongo.orchestrator.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ycsbmongo.orchestrator.launch.ClientMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A framed client's own settings taken out of its YCSB arguments, and its slice from the effective properties. */
class ClientArgsTest {

  @TempDir
  Path dir;

  private Path workload(String text) throws Exception {
    Path f = dir.resolve("workload.properties");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void takesItsOwnSettingsOutAndSlicesFromFilesThenCommandLine() throws Exception {
    Path w = workload("recordcount=1000\noperationcount=999\n");
    ClientArgs a = ClientArgs.parse(List.of("-db", "site.ycsb.BasicDB", "-P", w.toString(), "-p", "operationcount=10",
        "-p", "client.index=2", "-p", "client.count=3", "-p", "client.start=stdin", "-threads", "4", "-s", "-t"),
        Map.of());
    assertEquals(new ClientIndex(2, 3), a.client());
    assertEquals(StartBarrier.fromStdin().propertyValue(), a.start().propertyValue());
    assertFalse(a.load());
    assertEquals(Map.of("operationcount", "3"), a.slice().overrides(), "10 over 3: 4, 3, 3; -p wins over -P");
    assertEquals(List.of("-db", "site.ycsb.BasicDB", "-P", w.toString(), "-p", "operationcount=10", "-threads", "4",
        "-s", "-t"), a.ycsbArgs());
  }

  @Test
  void takesTheIndexFromTheEnvironmentOfAnIndexedJob() throws Exception {
    ClientArgs a = ClientArgs.parse(List.of("-load", "-p", "recordcount=100"),
        Map.of("JOB_COMPLETION_INDEX", "1", "YCSB_CLIENT_COUNT", "2"));
    assertEquals(new ClientIndex(1, 2), a.client());
    assertTrue(a.load());
    assertEquals(Map.of("insertstart", "50", "insertcount", "50"), a.slice().overrides());
  }

  @Test
  void ycsbRunsWithItsSliceAndTheMeasurementSettingsLast() throws Exception {
    ClientArgs a = ClientArgs.parse(List.of("-p", "operationcount=10", "-p", "measurementtype=timeseries",
        "-p", "client.index=0", "-p", "client.count=2", "-t"), Map.of());
    List<String> y = a.ycsbArgs(dir);
    assertEquals(List.of("-p", "operationcount=10", "-p", "measurementtype=timeseries", "-t",
        "-p", "operationcount=5",
        "-p", "measurementtype=hdrhistogram",
        "-p", "hdrhistogram.fileoutput=true",
        "-p", "hdrhistogram.output.path=" + dir + "/",
        "-p", "reportlatencyforeacherror=true",
        "-p", "exporter=" + FramingExporter.class.getName(),
        "-p", "exportfile=" + dir.resolve("measurements.json"),
        "-p", "status.interval=1",
        "-s"), y);
    ClientArgs given = ClientArgs.parse(List.of("-p", "operationcount=10", "-p", "status.interval=5", "-s",
        "-p", "client.index=0", "-p", "client.count=1"), Map.of());
    List<String> g = given.ycsbArgs(dir);
    assertFalse(g.contains("status.interval=1"), g.toString());
    assertEquals(1, g.stream().filter("-s"::equals).count());
  }

  @Test
  void rejectsBadInputInOneLineSayingWhatIsAccepted() throws Exception {
    assertEquals("client.count is not set (neither -p client.count nor YCSB_CLIENT_COUNT); accepted: a whole number"
        + " from 1 to 100000", message(List.of("-p", "operationcount=10", "-p", "client.index=0")));
    assertEquals("-p client.indx=0: not a client setting; accepted: -p KEY=VALUE with KEY client.index, client.count,"
        + " client.start", message(List.of("-p", "client.indx=0")));
    assertEquals("-P " + dir.resolve("missing") + ": cannot be read; accepted: a readable properties file",
        message(List.of("-P", dir.resolve("missing").toString())));
    assertEquals("-p at the end of the arguments; accepted: -p KEY=VALUE", message(List.of("-t", "-p")));
    assertTrue(message(List.of("-p", "operationcount=10", "-p", "measurement.interval=intended",
        "-p", "client.index=0", "-p", "client.count=1")).startsWith("measurement.interval=intended"));
    assertTrue(message(List.of("-p", "operationcount=1", "-p", "client.index=0", "-p", "client.count=2"))
        .startsWith("operationcount 1 over 2 clients"));
    assertTrue(message(List.of("-p", "operationcount=9", "-p", "client.index=0", "-p", "client.count=1",
        "-p", "client.start=later")).startsWith("-p client.start: 'later' is not accepted"));
  }

  private static String message(List<String> args) {
    return assertThrows(ClientArgumentException.class, () -> ClientArgs.parse(args, Map.of())).getMessage();
  }

  @Test
  void argumentsPutTheModeFirstAndTheClientSettingsLast() {
    assertEquals(List.of("ycsb", "-db", "X", "-P", "conn.properties", "-t", "-p", "client.index=1", "-p",
        "client.count=4", "-p", "client.start=1700000000000"), ClientMain.arguments(List.of("-db", "X", "-P",
        "conn.properties", "-t"), new ClientIndex(1, 4), StartBarrier.at(Instant.ofEpochMilli(1_700_000_000_000L))));
    assertEquals(List.of("ycsb", "-t", "-p", "client.start=stdin"),
        ClientMain.arguments(List.of("-t"), null, StartBarrier.fromStdin()));
    assertEquals(List.of("ycsb", "-t"), ClientMain.arguments(List.of("-t"), null, StartBarrier.none()));
  }

  @Test
  void argumentsRefuseAConnectionStringOrAClientSetting() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClientMain.arguments(
        List.of("-p", "mongodb.url=mongodb://u:secret@h/db"), new ClientIndex(0, 1), StartBarrier.none()));
    assertFalse(e.getMessage().contains("secret"));
    assertThrows(IllegalArgumentException.class, () -> ClientMain.arguments(List.of("-p", "client.index=0"),
        new ClientIndex(0, 1), StartBarrier.none()));
  }

  @Test
  void summaryComesFromYcsbsExportWithFailuresByStatus() {
    Map<String, Map<String, Double>> export = Map.of(
        "OVERALL", Map.of("RunTime(ms)", 1000.0),
        "READ", Map.of("Operations", 90.0, "Return=OK", 90.0, "Return=NOT_FOUND", 10.0),
        "INSERT", Map.of("Operations", 5.0, "Return=BATCHED_OK", 5.0, "Return=ERROR", 0.0),
        "READ-MODIFY-WRITE", Map.of("Operations", 3.0),
        "CLEANUP", Map.of("Operations", 2.0));
    ClientSummary s = LiveFrames.summary(export, 1234);
    assertEquals(1234, s.runtimeMillis());
    assertEquals(Map.of(
        "READ", new ClientSummary.OpTotals(90, Map.of("NOT_FOUND", 10L)),
        "INSERT", new ClientSummary.OpTotals(5, Map.of()),
        "READ-MODIFY-WRITE", new ClientSummary.OpTotals(3, Map.of())), s.operations());
  }
}
