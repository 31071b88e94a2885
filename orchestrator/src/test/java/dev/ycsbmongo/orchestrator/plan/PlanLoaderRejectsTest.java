package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad plan fails with one line: file, line, key, what is wrong and what is accepted. */
class PlanLoaderRejectsTest {

  private static final Map<String, String> ENV = Map.of("PW", "s3cret");

  /** A valid plan up to its last scenario, which is on lines 5-6, so tests can append to either. */
  private static final String BASE = """
      name: q
      targets:
        - name: local
          uri: embedded
      scenarios:
        - name: a
      """;

  private static void assertRejected(String yaml, String expected) {
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(yaml, Path.of("plan.yaml"), ENV));
    assertEquals(expected, e.getMessage());
    assertFalse(e.getMessage().contains("\n"), "one line");
  }

  // ---- unknown keys, at every level

  @Test
  void rejectsUnknownTopLevelKeyWithDidYouMean() {
    assertRejected("name: q\nscenarois: []\n", "plan.yaml:2: scenarois: unknown key; accepted: name, description,"
        + " properties, sweep, zip, targets, scenarios, execution, report, customKeys (did you mean 'scenarios'?)");
  }

  @Test
  void rejectsUnknownTargetKeyWithDidYouMean() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: embedded
            lables: {cores: 8}
        scenarios:
          - name: a
        """, "plan.yaml:5: targets[0].lables: unknown key; accepted: name, uri, labels, properties"
        + " (did you mean 'labels'?)");
  }

  @Test
  void rejectsUnknownScenarioKeyWithDidYouMean() {
    assertRejected(BASE + "    workloda: workloads/a\n", "plan.yaml:7: scenarios[0].workloda: unknown key;"
        + " accepted: name, kind, workload, properties (did you mean 'workload'?)");
  }

  @Test
  void rejectsUnknownExecutionKeyWithDidYouMean() {
    assertRejected(BASE + "execution:\n  repetition: 2\n", "plan.yaml:8: execution.repetition: unknown key;"
        + " accepted: repetitions, warmup, load, phaseTimeout, maxErrorRate, rampUp, statusInterval, acceptance, onTargetDown, targetWait, targetDownAfter,"
        + " clients, backend, kubernetes (did you mean 'repetitions'?)");
  }

  @Test
  void rejectsUnknownLoadKeyWithDidYouMean() {
    assertRejected(BASE + "execution:\n  load:\n    reloda: per-cell\n", "plan.yaml:9: execution.load.reloda:"
        + " unknown key; accepted: threads, clients, reload, verify, properties (did you mean 'reload'?)");
  }

  @Test
  void rejectsUnknownKeyWithoutSuggestionWhenNothingIsClose() {
    assertRejected("name: q\nhardware: x\n", "plan.yaml:2: hardware: unknown key; accepted: name, description,"
        + " properties, sweep, zip, targets, scenarios, execution, report, customKeys");
  }

  // ---- missing required keys

  @Test
  void rejectsPlanWithoutName() {
    assertRejected(BASE.substring("name: q\n".length()),
        "plan.yaml:1: name: required key is missing; expected a name of letters, digits, '.', '_' and '-'");
  }

  @Test
  void rejectsPlanWithoutTargets() {
    assertRejected("name: q\nscenarios:\n  - name: a\n",
        "plan.yaml:1: targets: required key is missing; expected a list of targets (maps with name and uri)");
  }

  @Test
  void rejectsPlanWithoutScenarios() {
    assertRejected("name: q\ntargets:\n  - name: local\n    uri: embedded\n",
        "plan.yaml:1: scenarios: required key is missing; expected a list of scenarios (maps with a name)");
  }

  @Test
  void rejectsTargetWithoutUri() {
    assertRejected("name: q\ntargets:\n  - name: local\nscenarios:\n  - name: a\n",
        "plan.yaml:3: targets[0].uri: required key is missing; expected a mongodb:// or mongodb+srv:// connection"
            + " string, or the word embedded");
  }

  @Test
  void rejectsScenarioWithoutName() {
    assertRejected("name: q\ntargets:\n  - name: local\n    uri: embedded\nscenarios:\n  - kind: load\n",
        "plan.yaml:6: scenarios[0].name: required key is missing; expected a name of letters, digits, '.', '_'"
            + " and '-'");
  }

  @Test
  void rejectsEmptyTargetList() {
    assertRejected("name: q\ntargets: []\nscenarios:\n  - name: a\n",
        "plan.yaml:2: targets: empty list; expected at least one of targets (maps with name and uri)");
  }

  // ---- wrong types and bad names

  @Test
  void rejectsTargetsThatAreNotAList() {
    assertRejected("name: q\ntargets: local\nscenarios:\n  - name: a\n",
        "plan.yaml:2: targets: expected a list of targets (maps with name and uri), found the text 'local'");
  }

  @Test
  void rejectsPropertiesThatAreAList() {
    assertRejected(BASE + "properties: [recordcount, 1000]\n",
        "plan.yaml:7: properties: expected a map, found a list");
  }

  @Test
  void rejectsNameThatIsAList() {
    assertRejected("name: [a]\n",
        "plan.yaml:1: name: expected a name of letters, digits, '.', '_' and '-', found a list");
  }

  @Test
  void rejectsNameWithSpaces() {
    assertRejected("name: 'my plan'\n",
        "plan.yaml:1: name: 'my plan' is not a valid name; expected a name of letters, digits, '.', '_' and '-'");
  }

  @Test
  void rejectsNestedMapAsPropertyValue() {
    assertRejected(BASE + "properties:\n  recordcount:\n    value: 1\n", "plan.yaml:9: properties.recordcount:"
        + " nested maps are not accepted; expected a scalar (string, number or boolean), found a map");
  }

  @Test
  void rejectsListInPlanWideProperties() {
    assertRejected(BASE + "properties:\n  recordcount: [1, 2]\n", "plan.yaml:8: properties.recordcount: expected a"
        + " scalar (string, number or boolean), found a list");
  }

  @Test
  void rejectsEmptyPropertyValue() {
    assertRejected(BASE + "    properties:\n      readproportion:\n", "plan.yaml:8: scenarios[0].properties."
        + "readproportion: expected a scalar (string, number or boolean) or a list of scalars, found an empty value");
  }

  @Test
  void rejectsMapInsideAList() {
    assertRejected(BASE + "sweep:\n  threads:\n    - {a: 1}\n",
        "plan.yaml:9: sweep.threads[0]: expected a scalar (string, number or boolean), found a map");
  }

  @Test
  void rejectsValueListedTwiceInASweep() {
    assertRejected(BASE + "sweep:\n  threads: [1, 2, 1]\n",
        "plan.yaml:8: sweep.threads[2]: '1' is listed twice; expected each value once");
  }

  @Test
  void rejectsUnknownScenarioKind() {
    assertRejected(BASE + "    kind: loda\n",
        "plan.yaml:7: scenarios[0].kind: 'loda' is not a scenario kind; accepted: run, load, connections (did you mean 'load'?)");
  }

  @Test
  void rejectsUnknownReloadPolicy() {
    assertRejected(BASE + "execution:\n  load:\n    reload: per-set\n", "plan.yaml:9: execution.load.reload:"
        + " 'per-set' is not a reload policy; accepted: per-data-set, per-cell (did you mean 'per-cell'?)");
  }

  @Test
  void rejectsVerifyThatIsNotABoolean() {
    assertRejected(BASE + "execution:\n  load:\n    verify: sometimes\n",
        "plan.yaml:9: execution.load.verify: 'sometimes' is not a boolean; expected true or false");
  }

  @Test
  void rejectsZeroRepetitions() {
    assertRejected(BASE + "execution:\n  repetitions: 0\n",
        "plan.yaml:8: execution.repetitions: '0' is not valid for repetitions; expected a whole number >= 1");
  }

  // ---- names unique

  @Test
  void rejectsDuplicateTargetNames() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: embedded
          - name: local
            uri: mongodb://127.0.0.1:27017/ycsb
        scenarios:
          - name: a
        """, "plan.yaml:5: targets[1].name: 'local' is already the name of the target on line 3; target names"
        + " must be unique");
  }

  @Test
  void rejectsDuplicateScenarioNames() {
    assertRejected(BASE + "  - name: a\n", "plan.yaml:7: scenarios[1].name: 'a' is already the name of the"
        + " scenario on line 6; scenario names must be unique");
  }

  // ---- connection strings

  @Test
  void rejectsUriWithAnotherSchemeWithoutEchoingIt() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: http://test:hunter2@db.example.com/ycsb
        scenarios:
          - name: a
        """, "plan.yaml:4: targets[0].uri: the scheme 'http://' is not a MongoDB connection string; expected a"
        + " mongodb:// or mongodb+srv:// connection string, or the word embedded");
  }

  @Test
  void rejectsMalformedMongodbUriShowingTheTemplateNotThePassword() {
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load("""
        name: q
        targets:
          - name: local
            uri: mongodb://test:${PW}@db.example.com:port/ycsb
        scenarios:
          - name: a
        """, Path.of("plan.yaml"), ENV));
    assertEquals("plan.yaml:4: targets[0].uri: 'mongodb://test:${PW}@db.example.com:port/ycsb' is not a valid"
        + " connection string (The connection string contains an invalid host and port. The port contains non-digit"
        + " characters, it must be an integer between 0 and 65535. Hint: username and password must be escaped"
        + " according to RFC 3986.); expected a mongodb:// or mongodb+srv:// connection string, or the word embedded",
        e.getMessage());
    assertFalse(e.getMessage().contains("s3cret"));
  }

  @Test
  void rejectsMalformedUriWithLiteralPasswordMasked() {
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(
        "name: q\ntargets:\n  - name: l\n    uri: mongodb://test:hunter2@h:port/db\nscenarios:\n  - name: a\n",
        Path.of("plan.yaml"), ENV));
    assertTrue(e.getMessage().startsWith("plan.yaml:4: targets[0].uri: 'mongodb://test:****@h:port/db' is not a"
        + " valid connection string ("), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void rejectsMissingEnvironmentVariableNamingIt() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: mongodb://test:${MONGO_PASSWORD}@127.0.0.1:27017/ycsb
        scenarios:
          - name: a
        """, "plan.yaml:4: targets[0].uri: environment variable MONGO_PASSWORD is not set; it is referenced as"
        + " ${MONGO_PASSWORD}; export it, give the connection string with --uri local=URI (or --uri-file FILE), or"
        + " leave the target out with --only target=NAME");
  }

  @Test
  void rejectsUnclosedVariableReference() {
    assertRejected("name: q\ntargets:\n  - name: l\n    uri: mongodb://u:${PW@h/db\nscenarios:\n  - name: a\n",
        "plan.yaml:4: targets[0].uri: '${' without a closing '}'; write ${NAME} for environment variable NAME, or"
            + " $${ for a literal ${");
  }

  // ---- execution values

  @Test
  void rejectsBadDuration() {
    assertRejected(BASE + "execution:\n  phaseTimeout: 2 hours\n", "plan.yaml:8: execution.phaseTimeout: '2 hours'"
        + " is not a duration; expected a duration such as 500ms, 30s, 5m, 2h, or a whole number of seconds");
  }

  @Test
  void rejectsZeroPhaseTimeout() {
    assertRejected(BASE + "execution:\n  phaseTimeout: 0s\n", "plan.yaml:8: execution.phaseTimeout: '0' would end"
        + " every phase at once; expected a duration above zero such as 30m or 2h");
  }

  @Test
  void rejectsStatusIntervalBelowOneSecond() {
    assertRejected(BASE + "execution:\n  statusInterval: 500ms\n", "plan.yaml:8: execution.statusInterval: '500ms'"
        + " is not a whole number of seconds; expected 1s or more in whole seconds (YCSB's status.interval is in"
        + " seconds)");
  }

  @Test
  void rejectsMaxErrorRateAboveOneHundredPercent() {
    assertRejected(BASE + "execution:\n  maxErrorRate: 150%\n", "plan.yaml:8: execution.maxErrorRate: '150%' is out"
        + " of range; expected a share from 0 to 1 such as 0.01, or a percentage from 0% to 100% such as 1%");
  }

  @Test
  void rejectsMaxErrorRateAboveOne() {
    assertRejected(BASE + "execution:\n  maxErrorRate: 5\n", "plan.yaml:8: execution.maxErrorRate: '5' is out"
        + " of range; expected a share from 0 to 1 such as 0.01, or a percentage from 0% to 100% such as 1%");
  }

  @Test
  void rejectsMaxErrorRateThatIsNotANumber() {
    assertRejected(BASE + "execution:\n  maxErrorRate: some\n", "plan.yaml:8: execution.maxErrorRate: 'some' is"
        + " not an error rate; expected a share from 0 to 1 such as 0.01, or a percentage from 0% to 100% such as 1%");
  }

  @Test
  void rejectsThreadcountInLoadPropertiesPointingToLoadThreads() {
    assertRejected(BASE + "execution:\n  load:\n    properties: {threads: 4}\n", "plan.yaml:9:"
        + " execution.load.properties.threads: the load's threads are set by execution.load.threads; remove it here");
  }

  @Test
  void rejectsZeroLoadThreads() {
    assertRejected(BASE + "execution:\n  load:\n    threads: 0\n",
        "plan.yaml:9: execution.load.threads: '0' is not valid for a thread count; expected a whole number >= 1");
  }

  // ---- properties

  @Test
  void rejectsZeroThreads() {
    assertRejected(BASE + "properties:\n  threads: 0\n",
        "plan.yaml:8: properties.threads: '0' is not a thread count; expected a whole number >= 1");
  }

  @Test
  void rejectsFractionalThreadcountInSweep() {
    assertRejected(BASE + "sweep:\n  threadcount: [1, 2, 2.5]\n",
        "plan.yaml:8: sweep.threadcount[2]: '2.5' is not a thread count; expected a whole number >= 1");
  }

  @Test
  void rejectsThreadsAndThreadcountTogether() {
    assertRejected(BASE + "    properties:\n      threads: 2\n      threadcount: 4\n", "plan.yaml:9:"
        + " scenarios[0].properties.threadcount: the same property as scenarios[0].properties.threads (line 8):"
        + " threads is another name for threadcount; give one of them");
  }

  @Test
  void rejectsUnknownMongodbPropertyWithDidYouMean() {
    assertRejected(BASE + "properties:\n  mongodb.writeConcen: majority\n", "plan.yaml:8:"
        + " properties.mongodb.writeConcen: unknown mongodb.* property; accepted: mongodb.database,"
        + " mongodb.writeConcern, mongodb.journal, mongodb.wtimeoutMs, mongodb.readPreference,"
        + " mongodb.readPreferenceTags, mongodb.maxStalenessSeconds, mongodb.readConcern, mongodb.maxPoolSize,"
        + " mongodb.minPoolSize, mongodb.maxConnecting, mongodb.waitQueueTimeoutMs, mongodb.maxIdleTimeMs,"
        + " mongodb.maxLifeTimeMs, mongodb.connectTimeoutMs, mongodb.socketTimeoutMs,"
        + " mongodb.serverSelectionTimeoutMs, mongodb.compressors, mongodb.retryWrites, mongodb.retryReads,"
        + " mongodb.appName, mongodb.batchsize, mongodb.upsert, mongodb.extraMeasurements (did you mean"
        + " 'mongodb.writeConcern'?)");
  }

  // ---- YCSB keys: YCSB 0.17.0's, the binding's, the orchestrator's, or the plan's customKeys

  @Test
  void rejectsAMisspeltYcsbKeyWithDidYouMean() {
    // YCSB ignores what it does not read: the run would have no time limit at all
    assertRejected(BASE + "properties:\n  maxexecutiontme: 40\n", "plan.yaml:8: properties.maxexecutiontme:"
        + " unknown property: neither YCSB 0.17.0 (Client, CoreWorkload, measurements) nor the binding reads it,"
        + " so YCSB would ignore it (did you mean 'maxexecutiontime'?); a key of your own workload class: list it"
        + " in the plan's customKeys");
  }

  @Test
  void rejectsUnknownKeysInEveryPropertyMap() {
    assertRejected(BASE + "    properties:\n      readproportoin: 0.5\n", "plan.yaml:8:"
        + " scenarios[0].properties.readproportoin: unknown property: neither YCSB 0.17.0 (Client, CoreWorkload,"
        + " measurements) nor the binding reads it, so YCSB would ignore it (did you mean 'readproportion'?);"
        + " a key of your own workload class: list it in the plan's customKeys");
    assertRejected(BASE + "sweep:\n  thread: [1, 2]\n", "plan.yaml:8: sweep.thread: unknown property: neither"
        + " YCSB 0.17.0 (Client, CoreWorkload, measurements) nor the binding reads it, so YCSB would ignore it"
        + " (did you mean 'threads'?); a key of your own workload class: list it in the plan's customKeys");
    assertRejected(BASE + "execution:\n  load:\n    properties: {zeropading: 3}\n", "plan.yaml:9:"
        + " execution.load.properties.zeropading: unknown property: neither YCSB 0.17.0 (Client, CoreWorkload,"
        + " measurements) nor the binding reads it, so YCSB would ignore it (did you mean 'zeropadding'?);"
        + " a key of your own workload class: list it in the plan's customKeys");
  }

  @Test
  void acceptsTheKeysAPlanDeclaresInTargetsAndZipsToo() {
    Plan plan = PlanLoader.load(BASE + "customKeys: [acme.zones, acme.skew]\nproperties:\n  acme.zones: 3\n"
        + "zip:\n  - {acme.skew: [1, 2], threads: [1, 2]}\n", Path.of("plan.yaml"), ENV);
    assertEquals("3", plan.properties().get("acme.zones"));
    assertEquals(List.of("acme.skew", "threadcount"), plan.dimensions().get(0).keys());
  }

  @Test
  void rejectsCustomKeysThatAreKnownOrMalformed() {
    assertRejected(BASE + "customKeys: [acme.zones, maxexecutiontime]\n", "plan.yaml:7: customKeys[1]:"
        + " 'maxexecutiontime' is a key YCSB, the binding or the orchestrator reads, checked as such; list only keys"
        + " of your own workload class here");
    assertRejected(BASE + "customKeys: acme.zones\n", "plan.yaml:7: customKeys: expected a list of property keys,"
        + " e.g. customKeys: [mycompany.zones], found the text 'acme.zones'");
    assertRejected(BASE + "customKeys: [a, a]\n", "plan.yaml:7: customKeys[1]: 'a' is listed twice; expected"
        + " each key once");
  }

  @Test
  void rejectsInvalidWriteConcernInASweepWithTheBindingsMessage() {
    assertRejected(BASE + "sweep:\n  mongodb.writeConcern: [1, majorty]\n", "plan.yaml:8:"
        + " sweep.mongodb.writeConcern[1]: 'majorty' is not valid; accepted: 0, 1, any whole number N >= 0, majority,"
        + " tag:<getLastErrorModes name>, or YCSB 0.17.0's names unacknowledged, errors_ignored, acknowledged,"
        + " journaled, replica_acknowledged");
  }

  @Test
  void rejectsInvalidMongodbValueOnTheLineOfTheValue() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: embedded
            properties:
              mongodb.maxPoolSize:
                - 100
                - lots
        scenarios:
          - name: a
        """, "plan.yaml:8: targets[0].properties.mongodb.maxPoolSize[1]: 'lots' is not valid; accepted: a whole"
        + " number >= 0");
  }

  @Test
  void rejectsMongodbUrlInPropertiesPointingToTargetUri() {
    assertRejected(BASE + "properties:\n  mongodb.url: mongodb://test:hunter2@h/ycsb\n", "plan.yaml:8:"
        + " properties.mongodb.url: connection strings do not go in properties; put the connection string in"
        + " targets[].uri");
  }

  @Test
  void rejectsOrchestratorOwnedKeys() {
    String owned = "the orchestrator sets this property for every phase; remove it (the orchestrator sets db,"
        + " exportfile, exporter, measurementtype, hdrhistogram.fileoutput, hdrhistogram.output.path,"
        + " status.interval)";
    assertRejected(BASE + "properties:\n  exportfile: out.json\n", "plan.yaml:8: properties.exportfile: " + owned);
    assertRejected(BASE + "    properties: {status.interval: 5}\n",
        "plan.yaml:7: scenarios[0].properties.status.interval: " + owned);
    assertRejected(BASE + "execution:\n  warmup: {measurementtype: raw}\n",
        "plan.yaml:8: execution.warmup.measurementtype: " + owned);
    assertRejected(BASE + "sweep:\n  db: [site.ycsb.BasicDB]\n", "plan.yaml:8: sweep.db: " + owned);
  }

  @Test
  void rejectsUnknownServerKeyWithDidYouMean() {
    assertRejected(BASE + "sweep:\n  server.chainingAllowd: [true, false]\n", "plan.yaml:8:"
        + " sweep.server.chainingAllowd: unknown server.* property; accepted: server.chainingAllowed, server.apply,"
        + " server.sampleInterval, server.cores (did you mean 'server.chainingAllowed'?)");
  }

  @Test
  void rejectsBadServerValues() {
    assertRejected(BASE + "sweep:\n  server.chainingAllowed: [true, maybe]\n", "plan.yaml:8:"
        + " sweep.server.chainingAllowed[1]: 'maybe' is not a boolean; expected true or false");
    assertRejected(BASE + "properties:\n  server.apply: manaul\n", "plan.yaml:8: properties.server.apply: 'manaul'"
        + " is not an apply mode; accepted: auto, manual, skip (did you mean 'manual'?)");
    assertRejected(BASE + "properties:\n  server.sampleInterval: 10ms\n", "plan.yaml:8:"
        + " properties.server.sampleInterval: '10ms' is too short; expected 100ms or more, or off");
    assertRejected(BASE + "properties:\n  server.sampleInterval: often\n", "plan.yaml:8:"
        + " properties.server.sampleInterval: 'often' is not a duration; expected a duration such as 500ms, 30s, 5m,"
        + " 2h, or a whole number of seconds, or off");
    assertRejected(BASE + "properties:\n  server.cores: four\n", "plan.yaml:8: properties.server.cores: 'four' is not"
        + " a whole number; expected the server host's cores, from 1 to 4096 (e.g. 4 for a 4-core instance whose"
        + " hostInfo reports its host's 64)");
    assertRejected(BASE + "properties:\n  server.cores: 0\n", "plan.yaml:8: properties.server.cores: '0' is out of"
        + " range; expected the server host's cores, a whole number from 1 to 4096");
    assertRejected(BASE + "properties:\n  server.cores: 2.5\n", "plan.yaml:8: properties.server.cores: '2.5' is not"
        + " a whole number; expected the server host's cores, from 1 to 4096 (e.g. 4 for a 4-core instance whose"
        + " hostInfo reports its host's 64)");
  }

  @Test
  void rejectsBadConnectionSettings() {
    String conn = """
        name: q
        targets:
          - name: local
            uri: embedded
        scenarios:
          - name: c
            kind: connections
        """;
    assertRejected(conn, "plan.yaml:6: scenarios[0].name: a connections scenario needs connections.count; set it in"
        + " the scenario's properties (or the plan's, a sweep, or every target's)");
    assertRejected(conn + "    workload: x\n", "plan.yaml:8: scenarios[0].workload: a connections scenario runs no"
        + " YCSB workload; remove it (set connections.count, connections.rate, connections.hold, connections.timeout,"
        + " connections.to in properties)");
    assertRejected(conn + "    properties: {connections.count: 0}\n", "plan.yaml:8:"
        + " scenarios[0].properties.connections.count: '0' is not a connection count; expected a whole number >= 1");
    assertRejected(conn + "    properties: {connections.count: 5, connections.rate: -1}\n", "plan.yaml:8:"
        + " scenarios[0].properties.connections.rate: '-1' is not a rate; expected new connections per second >= 0"
        + " (0: as fast as the target accepts)");
    assertRejected(conn + "    properties: {connections.count: 5, connections.timeout: 0}\n", "plan.yaml:8:"
        + " scenarios[0].properties.connections.timeout: '0' would fail every connection; expected a duration above"
        + " zero such as 10s");
    assertRejected(conn + "    properties: {connections.cuont: 5}\n", "plan.yaml:8:"
        + " scenarios[0].properties.connections.cuont: unknown connections.* property; accepted: connections.count,"
        + " connections.rate, connections.hold, connections.timeout, connections.to (did you mean 'connections.count'?)");
    assertRejected(conn + "    properties: {connections.count: 5, connections.to: all}\n", "plan.yaml:8:"
        + " scenarios[0].properties.connections.to: 'all' is not accepted; expected each|primary (each:"
        + " connections.count to every host of the URI; primary: to the primary only)");
  }

  // ---- sweep and zip

  @Test
  void rejectsZipGroupWithListsOfDifferentLengths() {
    assertRejected(BASE + """
        zip:
          - recordcount: [1000000, 2000000]
            threads: [4, 8, 16]
        """, "plan.yaml:9: zip[0].threads: has 3 values but zip[0].recordcount (line 8) has 2; the lists of a zip"
        + " group vary together and need the same length");
  }

  @Test
  void rejectsKeyInBothSweepAndZip() {
    assertRejected(BASE + """
        sweep:
          threads: [1, 2]
        zip:
          - recordcount: [1000, 2000]
            threadcount: [4, 8]
        """, "plan.yaml:11: zip[0].threadcount: already varied by sweep.threads (line 8); a property may vary in one"
        + " place only");
  }

  @Test
  void rejectsKeyInTwoZipGroups() {
    assertRejected(BASE + """
        zip:
          - recordcount: [1000, 2000]
            threads: [4, 8]
          - recordcount: [5, 6]
            table: [a, b]
        """, "plan.yaml:10: zip[1].recordcount: already varied by zip[0].recordcount (line 8); a property may vary"
        + " in one place only");
  }

  @Test
  void rejectsZipCombinationListedTwice() {
    assertRejected(BASE + "zip:\n  - table: [t1, t2, t1]\n    threads: [4, 8, 4]\n", "plan.yaml:8: zip[0].table[2]:"
        + " the combination [t1, 4] is listed twice; expected each combination once");
  }

  @Test
  void rejectsScalarInZipGroup() {
    assertRejected(BASE + "zip:\n  - threads: 4\n",
        "plan.yaml:8: zip[0].threads: expected a list of scalars, found the value 4");
  }

  @Test
  void rejectsZipThatIsNotAList() {
    assertRejected(BASE + "zip:\n  threads: [4]\n",
        "plan.yaml:8: zip: expected a list of groups (maps of property -> list of values), found a map");
  }

  @Test
  void rejectsEmptyZipGroup() {
    assertRejected(BASE + "zip:\n  - {}\n",
        "plan.yaml:8: zip[0]: empty group; expected properties with lists of values that vary together");
  }

  // ---- workload files

  @Test
  void rejectsMissingWorkloadFileWithResolvedPath(@TempDir Path dir) throws IOException {
    Path plan = dir.resolve("plans/study.yaml");
    Files.createDirectories(plan.getParent());
    Files.writeString(plan, BASE + "    workload: ../workloads/no-such-mix\n");
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, ENV));
    assertEquals(plan + ":7: scenarios[0].workload: workload file " + dir.resolve("workloads/no-such-mix")
        + " does not exist or is not readable; expected a YCSB workload file (a relative path is looked up in the"
        + " plan's directory, " + plan.getParent() + ", then in the project's workloads/plans/ and workloads/, "
        + ProjectWorkloads.directory().orElseThrow() + ")", e.getMessage());
  }

  @Test
  void rejectsWorkloadThatIsADirectory(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("workloads"));
    Path plan = dir.resolve("plan.yaml");
    Files.writeString(plan, BASE + "    workload: workloads\n");
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, ENV));
    assertEquals(plan + ":7: scenarios[0].workload: workload file " + dir.resolve("workloads")
        + " does not exist or is not readable; expected a YCSB workload file (a relative path is looked up in the"
        + " plan's directory, " + dir + ", then in the project's workloads/plans/ and workloads/, "
        + ProjectWorkloads.directory().orElseThrow() + ")", e.getMessage());
  }

  // ---- documents

  @Test
  void rejectsMalformedYamlWithItsLine() {
    assertRejected("""
        name: q
        targets:
          - name: local
            uri: embedded
          bad: [1
        """, "plan.yaml:5: malformed YAML: while parsing a block collection; expected <block end>, but found '?'");
  }

  @Test
  void rejectsMalformedYamlWithoutQuotingTheLine() {
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(
        "name: q\ntargets:\n  - uri: mongodb://u:hunter2@h/db\n   x: [\n", Path.of("plan.yaml"), ENV));
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void rejectsEmptyPlan() {
    assertRejected("", "plan.yaml:1: the plan is empty; expected a map with at least name, targets and scenarios");
    assertRejected("# nothing yet\n",
        "plan.yaml:1: the plan is empty; expected a map with at least name, targets and scenarios");
  }

  @Test
  void rejectsTopLevelThatIsNotAMap() {
    assertRejected("- a\n- b\n", "plan.yaml:1: expected a map with at least name, targets and scenarios at the top"
        + " level, found a list");
  }

  @Test
  void rejectsDuplicateKeys() {
    assertRejected(BASE + "    properties:\n      readproportion: 0.5\n      readproportion: 0.9\n", "plan.yaml:9:"
        + " readproportion: duplicate key; first given on line 8; each key may appear once per map");
  }

  @Test
  void rejectsMissingPlanFile(@TempDir Path dir) {
    Path plan = dir.resolve("nope.yaml");
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, ENV));
    assertEquals(plan + ": no such plan file", e.getMessage());
  }

  @Test
  void rejectsUnknownKeyInJsonPlanWithItsLine(@TempDir Path dir) throws IOException {
    Path plan = dir.resolve("plan.json");
    Files.writeString(plan, """
        {
          "name": "q",
          "targets": [{"name": "local", "uri": "embedded"}],
          "scenarios": [{"name": "a"}],
          "exectuion": {"repetitions": 2}
        }
        """);
    PlanException e = assertThrows(PlanException.class, () -> PlanLoader.load(plan, ENV));
    assertEquals(plan + ":5: exectuion: unknown key; accepted: name, description, properties, sweep, zip, targets,"
        + " scenarios, execution, report, customKeys (did you mean 'execution'?)", e.getMessage());
  }

  @Test
  void rejectsMalformedJsonWithItsLine() {
    PlanException e = assertThrows(PlanException.class,
        () -> PlanLoader.load("{\"name\": \"q\",\n \"targets\": [\n}\n", Path.of("plan.json"), ENV));
    assertEquals("plan.json:3: malformed JSON: Unexpected close marker '}': expected ']' (for Array starting at"
        + " line: 2, column: 13)", e.getMessage());
  }

  @Test
  void rejectsAPrecisionThatIsNoShareOfTheMean() {
    for (String bad : new String[] {"0%", "100%", "1.5", "-3%", "three", "0"}) {
      assertRejected(BASE + "execution:\n  acceptance:\n    precision: " + bad + "\n", "plan.yaml:9:"
          + " execution.acceptance.precision: '" + bad + "' is not a precision; expected a percentage above 0% and below"
          + " 100% such as 3%, a share such as 0.03, or off");
    }
  }
}
