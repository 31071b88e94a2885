package dev.ycsbmongo.orchestrator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Connection-string options are checked by the rule of the binding property with the same meaning. */
class UriOptionsTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "mongodb://127.0.0.1/ycsb",
      "mongodb://u:p%3Fw@127.0.0.1:27017/ycsb?w=majority&journal=true&wtimeoutMS=500",
      "mongodb://127.0.0.1/?w=2&readPreference=secondaryPreferred&maxStalenessSeconds=120",
      "mongodb://127.0.0.1/?readPreference=nearest&readPreferenceTags=dc:ny,rack:1&readPreferenceTags=",
      "mongodb://127.0.0.1/?maxPoolSize=0&minPoolSize=0&maxConnecting=4&waitQueueTimeoutMS=1000",
      "mongodb://127.0.0.1/?compressors=zstd,snappy&retryWrites=false&retryReads=true&appName=bench",
      "mongodb://127.0.0.1/?authSource=admin&replicaSet=rs0&tls=false&directConnection=true&someFutureOption=1",
      "mongodb://127.0.0.1/?readConcernLevel=majority;connectTimeoutMS=2000;socketTimeoutMS=0"})
  void acceptsWhatTheBindingAccepts(String uri) {
    assertEquals(Optional.empty(), UriOptions.problem(uri));
    assertEquals(Optional.empty(), UriOptions.combinationProblem(uri));
  }

  @Test
  void rejectsAWriteConcernTheBindingRejects() {
    assertEquals("option w=banana is not valid, checked as mongodb.writeConcern: 'banana' is not valid; accepted: 0, 1,"
        + " any whole number N >= 0, majority, tag:<getLastErrorModes name>, or YCSB 0.17.0's names unacknowledged,"
        + " errors_ignored, acknowledged, journaled, replica_acknowledged (for a tag-set write concern write w=tag:NAME as"
        + " mongodb.writeConcern in the target's properties)",
        UriOptions.problem("mongodb://127.0.0.1/?w=banana").orElseThrow());
  }

  @Test
  void rejectsATagWriteConcernSpeltAsTheProperty() {
    assertEquals("option w=tag:dc: the connection string takes a tag set's name without 'tag:', and this check cannot"
        + " tell a tag name from a typo; set mongodb.writeConcern: tag:dc in the target's properties instead",
        UriOptions.problem("mongodb://127.0.0.1/?w=tag:dc").orElseThrow());
  }

  @Test
  void rejectsBadNumbersAndNamesCaseInsensitively() {
    assertEquals("option MAXPOOLSIZE=-1 is not valid, checked as mongodb.maxPoolSize: '-1' is not valid; accepted: a"
        + " whole number >= 0", UriOptions.problem("mongodb://127.0.0.1/?MAXPOOLSIZE=-1").orElseThrow());
    assertEquals("option readPreference=sideways is not valid, checked as mongodb.readPreference: 'sideways' is not"
        + " valid; accepted: primary, primaryPreferred, secondary, secondaryPreferred, nearest (and YCSB 0.17.0's"
        + " primary_preferred, secondary_preferred)",
        UriOptions.problem("mongodb://127.0.0.1/?readPreference=sideways").orElseThrow());
  }

  @Test
  void namesAMisspeltOption() {
    assertEquals("option serverSelectionTimeoutMs2 is unknown to the driver, which would ignore it; did you mean"
        + " serverSelectionTimeoutMS?", UriOptions.problem("mongodb://127.0.0.1/?serverSelectionTimeoutMs2=5").orElseThrow());
  }

  @Test
  void neverShowsThePasswordOfACombinationProblem() {
    String problem = UriOptions.combinationProblem("mongodb://u:Hidden42@127.0.0.1/?minPoolSize=9&maxPoolSize=3")
        .orElseThrow();
    assertFalse(problem.contains("Hidden42"), problem);
  }
}
