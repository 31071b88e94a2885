package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CorePropertiesTest {

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "operationcount|abc|'abc' is not a whole number; expected a whole number >= 0",
      "operationcount|-5|'-5' is too small; expected a whole number >= 0",
      "operationcount|1.5|'1.5' is not a whole number",
      "operationcount|3000000000|'3000000000' is too large; expected a whole number >= 0",
      "operationcount|'1000 '|'1000 ' has spaces around it (YCSB does not trim values)",
      "recordcount|0|'0' is too small; expected a whole number >= 1",
      "recordcount|-10|'-10' is too small; expected a whole number >= 1",
      "recordcount|ten|'ten' is not a whole number",
      "insertstart|-1|'-1' is too small; expected a whole number >= 0",
      "insertcount|x|'x' is not a whole number; expected a whole number >= 0",
      "threadcount|0|'0' is too small; expected a whole number >= 1",
      "threadcount|eight|'eight' is not a whole number",
      "target|-1|'-1' is too small; expected a whole number >= 0 (operations per second; 0 means no throttle)",
      "maxexecutiontime|-3|'-3' is too small; expected a whole number >= 0 (seconds; 0 means no time limit)",
      "maxexecutiontime|10s|'10s' is not a whole number",
      "status.interval|0|'0' is too small; expected a whole number >= 1",
      "fieldcount|0|'0' is too small; expected a whole number >= 1",
      "fieldlength|-1|'-1' is too small; expected a whole number >= 0 (bytes)",
      "minfieldlength|-1|'-1' is too small; expected a whole number >= 0 (bytes)",
      "minscanlength|0|'0' is too small",
      "maxscanlength|0|'0' is too small",
      "zeropadding|-1|'-1' is too small",
      "core_workload_insertion_retry_limit|-1|'-1' is too small",
      "core_workload_insertion_retry_interval|x|'x' is not a whole number",
      "readproportion|-1|'-1' is negative; expected a weight >= 0 (YCSB 0.17.0 divides each proportion by their"
          + " sum: 50/50 and 0.5/0.5 are the same mix); YCSB 0.17.0 would run it as 0",
      "updateproportion|-0.5|'-0.5' is negative",
      "insertproportion|half|'half' is not a number; expected a weight >= 0",
      "scanproportion|NaN|'NaN' is not a number",
      "readmodifywriteproportion|Infinity|'Infinity' is not a number",
      "readproportion|''|'' is not a number",
      "hotspotdatafraction|2|'2' is out of range; expected a number from 0 to 1 (YCSB 0.17.0 would run with 0"
          + " instead)",
      "hotspotopnfraction|-0.1|'-0.1' is out of range",
      "exponential.frac|0|'0' is out of range; expected a number above 0 and at most 1",
      "exponential.percentile|100|'100' is out of range; expected a percentage above 0 and below 100",
      "requestdistribution|gaussianish|'gaussianish' is not known; expected one of uniform, zipfian, hotspot,"
          + " sequential, exponential, latest",
      "requestdistribution|Zipfian|'Zipfian' is not known (YCSB compares names exactly: write zipfian)",
      "scanlengthdistribution|latest|'latest' is not known; expected one of uniform, zipfian",
      "fieldlengthdistribution|normal|'normal' is not known; expected one of constant, uniform, zipfian, histogram",
      "insertorder|random|'random' is not known; expected one of hashed, ordered",
      "readallfields|yes|'yes' is not true or false; expected true or false (YCSB 0.17.0 reads anything but"
          + " 'true' as false)",
      "writeallfields|1|'1' is not true or false",
      "dataintegrity|on|'on' is not true or false",
  })
  void rejectsBadValue(String key, String value, String expectedStart) {
    Optional<String> problem = CoreProperties.valueProblem(key, value);
    assertTrue(problem.isPresent(), key + "=" + value + " accepted");
    assertTrue(problem.get().startsWith(expectedStart), problem.get());
    assertFalse(problem.get().startsWith(key), "the message must not repeat the key: " + problem.get());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "operationcount|0", "operationcount|1000000", "operationcount|2147483647",
      "recordcount|1", "insertstart|0", "insertcount|0", "threadcount|8", "target|0", "target|500",
      "maxexecutiontime|0", "maxexecutiontime|60", "status.interval|1", "fieldcount|1", "fieldlength|100",
      "minfieldlength|1", "minscanlength|1", "maxscanlength|1000", "zeropadding|1",
      "readproportion|0", "readproportion|1", "readproportion|0.95", "updateproportion|.5", "insertproportion|1e-1",
      // weights of any scale, as the studies write them; spaces around a decimal, as Double.parseDouble trims
      "readproportion|50", "updateproportion|50", "scanproportion|1000000", "readproportion|'0.5 '",
      "updateproportion|' 95'", "fieldlength|0", "minfieldlength|0", "zeropadding|0",
      "hotspotdatafraction|0.2", "hotspotopnfraction|0.8", "exponential.frac|0.8571428571",
      "exponential.percentile|95",
      "requestdistribution|uniform", "requestdistribution|zipfian", "requestdistribution|hotspot",
      "requestdistribution|sequential", "requestdistribution|exponential", "requestdistribution|latest",
      "scanlengthdistribution|uniform", "scanlengthdistribution|zipfian",
      "fieldlengthdistribution|constant", "fieldlengthdistribution|uniform", "fieldlengthdistribution|zipfian",
      "fieldlengthdistribution|histogram", "insertorder|hashed", "insertorder|ordered",
      "readallfields|true", "readallfields|FALSE", "writeallfields|false", "dataintegrity|true",
  })
  void acceptsGoodValue(String key, String value) {
    assertEquals(Optional.empty(), CoreProperties.valueProblem(key, value));
  }

  @Test
  void ignoresKeysItDoesNotKnow() {
    assertEquals(Optional.empty(), CoreProperties.valueProblem("mongodb.url", "whatever"));
    assertEquals(Optional.empty(), CoreProperties.valueProblem("workload", "abc"));
  }

  @Test
  void rejectsAMissingValueOfAKnownKey() {
    assertEquals(Optional.of("no value; expected a whole number >= 1"),
        CoreProperties.valueProblem("fieldcount", null));
  }

  @Test
  void rejectsAllProportionsZero() {
    List<String> problems = CoreProperties.setProblems(Map.of("readproportion", "0", "updateproportion", "0",
        "insertproportion", "0", "scanproportion", "0", "readmodifywriteproportion", "0"));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("readproportion, updateproportion, insertproportion, scanproportion,"
        + " readmodifywriteproportion: every operation proportion is 0"), problems.get(0));
  }

  @Test
  void rejectsZeroProportionsWhereAbsentOnesDefaultToZero() {
    // readproportion 0 and updateproportion 0 given; the others default to 0 in YCSB 0.17.0
    assertEquals(1, CoreProperties.setProblems(Map.of("readproportion", "0", "updateproportion", "0")).size());
  }

  @Test
  void acceptsWeightsOfAnyScale() {
    // the studies' own commands: -p readproportion=50 -p updateproportion=50 (YCSB divides by the sum)
    assertEquals(List.of(), CoreProperties.problems(Map.of("readproportion", "50", "updateproportion", "50")));
    assertEquals(List.of(), CoreProperties.problems(Map.of("readproportion", "95", "updateproportion", "5",
        "insertproportion", "0", "scanproportion", "0", "readmodifywriteproportion", "0")));
    // a sum above 1 with the defaults: 0.95 + 0.05 + 3 is a mix of 4 parts
    assertEquals(List.of(), CoreProperties.problems(Map.of("insertproportion", "3")));
  }

  @Test
  void rejectsEveryWeightZeroEvenWhenWrittenLarge() {
    List<String> problems = CoreProperties.problems(Map.of("readproportion", "0.0", "updateproportion", "0e5"));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).endsWith("(YCSB 0.17.0 would stop every thread with an AssertionError)"),
        problems.get(0));
  }

  @Test
  void judgesHotspotFractionsOnlyWhenTheHotspotDistributionReadsThem() {
    Map<String, String> props = new HashMap<>(Map.of("hotspotdatafraction", "banana", "hotspotopnfraction", "7"));
    assertEquals(List.of(), CoreProperties.valueProblems(props, false), "uniform: YCSB never reads them");
    props.put("requestdistribution", "zipfian");
    props.put("operationcount", "10");
    assertEquals(List.of(), CoreProperties.valueProblems(props, false));
    props.put("requestdistribution", "hotspot");
    List<String> problems = CoreProperties.valueProblems(props, false);
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("hotspotdatafraction: 'banana' is not a number"), problems.get(0));
    assertTrue(problems.get(1).startsWith("hotspotopnfraction: '7' is out of range"), problems.get(1));
  }

  @Test
  void judgesExponentialSettingsOnlyWithTheExponentialDistribution() {
    Map<String, String> props = new HashMap<>(Map.of("exponential.frac", "0", "exponential.percentile", "100"));
    assertEquals(List.of(), CoreProperties.valueProblems(props, false));
    props.put("requestdistribution", "exponential");
    assertEquals(2, CoreProperties.valueProblems(props, false).size());
  }

  @Test
  void judgesOperationCountOnlyWhereYcsbReadsIt() {
    Map<String, String> props = new HashMap<>(Map.of("operationcount", "abc"));
    assertEquals(List.of(), CoreProperties.valueProblems(props, true), "a load does not read operationcount");
    assertEquals(1, CoreProperties.valueProblems(props, false).size());
    props.put("requestdistribution", "zipfian");
    assertEquals(1, CoreProperties.valueProblems(props, true).size(), "zipfian sizes its key space with it");
  }

  @ParameterizedTest(name = "{0} keys, hot {1}, opn {2}")
  @CsvSource({
      "1000, 0, 0.8, hot set",       // (int) (1000 * 0) = 0 hot keys, 80% of operations go there
      "1000, 0.0001, 0.5, hot set",  // (int) 0.1 = 0
      "1000, 1, 0.8, cold set",      // every key hot, 20% of operations go to the empty cold set
  })
  void rejectsHotspotSetsThatStopEveryThread(long records, String data, String opn, String emptySet) {
    Map<String, String> props = Map.of("requestdistribution", "hotspot", "recordcount", String.valueOf(records),
        "hotspotdatafraction", data, "hotspotopnfraction", opn);
    List<String> problems = CoreProperties.setProblems(props, false);
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("hotspotdatafraction, hotspotopnfraction: "), problems.get(0));
    assertTrue(problems.get(0).contains("ArithmeticException"), problems.get(0));
    assertTrue(problems.get(0).contains(emptySet.equals("hot set") ? "holds no key" : "empty cold set"),
        problems.get(0));
    assertEquals(List.of(), CoreProperties.setProblems(props, true), "a load never draws a hotspot key");
  }

  @ParameterizedTest(name = "{0} keys, hot {1}, opn {2}")
  @CsvSource({"1000, 0, 0", "1000, 1, 1", "1000, 0.2, 0.8", "1000, 0.001, 0.5", "10, 0.5, 0"})
  void acceptsHotspotSetsEveryOperationCanDrawFrom(long records, String data, String opn) {
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("requestdistribution", "hotspot",
        "recordcount", String.valueOf(records), "hotspotdatafraction", data, "hotspotopnfraction", opn), false));
  }

  @Test
  void acceptsTheDefaultsAndAnEmptySet() {
    assertEquals(List.of(), CoreProperties.setProblems(Map.of()));
    assertEquals(List.of(), CoreProperties.problems(Map.of()));
    // the read default 0.95 still applies when only update is zeroed
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("updateproportion", "0")));
  }

  @Test
  void rejectsInsertStartBeyondRecordCount() {
    List<String> problems = CoreProperties.setProblems(Map.of("recordcount", "1000", "insertstart", "2000"));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("insertstart, recordcount: insertstart 2000 is beyond recordcount 1000"),
        problems.get(0));
  }

  @Test
  void rejectsInsertStartPlusInsertCountBeyondRecordCount() {
    List<String> problems = CoreProperties.setProblems(
        Map.of("recordcount", "1000", "insertstart", "500", "insertcount", "600"));
    assertEquals(List.of("insertstart, insertcount, recordcount: insertstart 500 + insertcount 600 = 1100 is beyond"
        + " recordcount 1000; YCSB 0.17.0 stops with exit status -1 unless insertstart + insertcount <= recordcount"),
        problems);
  }

  @Test
  void acceptsALoadSplitAcrossClients() {
    assertEquals(List.of(), CoreProperties.setProblems(
        Map.of("recordcount", "1000", "insertstart", "500", "insertcount", "500")));
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("recordcount", "1000", "insertstart", "999")));
  }

  @Test
  void rejectsMinFieldLengthAboveFieldLengthWhenLengthsVary() {
    Map<String, String> props = new HashMap<>(Map.of("minfieldlength", "200", "fieldlength", "100",
        "fieldlengthdistribution", "uniform"));
    assertEquals(1, CoreProperties.setProblems(props).size());
    assertTrue(CoreProperties.setProblems(props).get(0).startsWith("minfieldlength, fieldlength: "));
    props.put("fieldlengthdistribution", "constant");  // minfieldlength is unused then
    assertEquals(List.of(), CoreProperties.setProblems(props));
  }

  @Test
  void rejectsMinScanLengthAboveMaxScanLength() {
    List<String> problems = CoreProperties.setProblems(Map.of("minscanlength", "10"));
    assertEquals(List.of(), problems);  // default maxscanlength 1000
    problems = CoreProperties.setProblems(Map.of("minscanlength", "10", "maxscanlength", "5"));
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("minscanlength, maxscanlength: minscanlength 10 is above maxscanlength 5"));
  }

  @Test
  void rejectsDataIntegrityWithVaryingFieldLengths() {
    List<String> problems = CoreProperties.setProblems(Map.of("dataintegrity", "true",
        "fieldlengthdistribution", "zipfian"));
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("dataintegrity, fieldlengthdistribution: "), problems.get(0));
  }

  @Test
  void rejectsZipfianWithoutOperationCount() {
    List<String> problems = CoreProperties.setProblems(Map.of("requestdistribution", "zipfian"));
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("requestdistribution, operationcount: "), problems.get(0));
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("requestdistribution", "zipfian",
        "operationcount", "10")));
  }

  @Test
  void leavesBadValuesOutOfTheSetChecks() {
    // insertstart is bad on its own: the set checks do not also compare it with recordcount
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("recordcount", "1000", "insertstart", "x")));
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("readproportion", "-1", "updateproportion", "0")));
    assertEquals(List.of(), CoreProperties.setProblems(Map.of("requestdistribution", "hotspot", "recordcount", "1000",
        "hotspotdatafraction", "x")));
  }

  @Test
  void listsValueProblemsWithTheirKeyThenSetProblems() {
    Map<String, String> props = new HashMap<>();
    props.put("operationcount", "abc");
    props.put("recordcount", "100");
    props.put("insertstart", "200");
    List<String> problems = CoreProperties.problems(props);
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("operationcount: 'abc' is not a whole number"), problems.get(0));
    assertTrue(problems.get(1).startsWith("insertstart, recordcount: "), problems.get(1));
  }

  @Test
  void everyRuleIsOnOneLine() {
    for (String key : CoreProperties.keys()) {
      CoreProperties.valueProblem(key, "bad\u00a0value").ifPresent(p -> assertFalse(p.contains("\n"), p));
      assertTrue(CoreProperties.valueProblem(key, "bad value").isPresent(), key + " accepts 'bad value'");
    }
  }
}
