package dev.ycsbmongo.orchestrator.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one JSON mapping of result records: fields in record-component order, instants as ISO-8601,
 * absent figures left out (never written as zero), unknown fields tolerated so newer files stay readable.
 */
public final class ResultsJson {

  static final ObjectMapper MAPPER = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .disable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build();

  private ResultsJson() {
  }

  /**
   * The same mapping for other JSON this tool writes and reads (the connection workers' protocol),
   * so instants, absent fields and unknown fields behave alike everywhere. Configured once: never
   * reconfigure it.
   */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** One line, no trailing newline. */
  public static String line(PhaseResult r) {
    try {
      return MAPPER.writeValueAsString(r);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise the record of " + r.phaseId(), e);
    }
  }

  /** One line, no trailing newline: a phase's server summary on its own (for tests and tools). */
  public static String line(ServerMetrics m) {
    try {
      return MAPPER.writeValueAsString(m);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise server metrics of " + m.sampledHost(), e);
    }
  }
}
