package dev.ycsbmongo.orchestrator.plan;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;

/** Reads a plan document into located {@link Node}s with Jackson's streaming parser. */
final class NodeReader {

  /** SnakeYAML's default nesting limit, for JSON too: a plan is a few levels deep. */
  private static final int MAX_DEPTH = 50;
  /**
   * The parsers' own limits, behind {@link PlanText}'s: no document, string or name longer than a plan may be, and
   * no nesting deeper than a plan's few levels could need.
   */
  private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
      .maxDocumentLength(PlanText.MAX_BYTES)
      .maxStringLength(PlanText.MAX_BYTES)
      .maxNameLength(PlanText.MAX_BYTES)
      .maxNestingDepth(MAX_DEPTH)
      .build();
  // rebuilt from the default factories: a bare builder starts from no format features at all
  private static final JsonFactory JSON = new JsonFactory().rebuild().streamReadConstraints(LIMITS).build();
  private static final YAMLFactory YAML = new YAMLFactory().rebuild().streamReadConstraints(LIMITS)
      .loaderOptions(yamlLimits()).build();

  private NodeReader() {
  }

  private static LoaderOptions yamlLimits() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(PlanText.MAX_BYTES);
    options.setNestingDepthLimit(MAX_DEPTH);
    return options;
  }

  /** The document's root, or empty for a document without content; syntax errors become {@link PlanException}s. */
  static Optional<Node> read(String text, Path source) {
    boolean json = source.getFileName() != null
        && source.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
    PlanText.check(text, source);
    if (!json) {
      PlanText.checkRuns(text, source);
    }
    JsonFactory factory = json ? JSON : YAML;
    try (JsonParser parser = factory.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        return Optional.empty();
      }
      Node root = node(parser, source);
      JsonToken after = parser.nextToken();
      if (after != null) {
        throw new PlanException(source, line(parser), null,
            "more than one document; expected a single plan");
      }
      return Optional.of(root);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
      throw new PlanException(source, line, null, (json ? "malformed JSON: " : "malformed YAML: ") + problem(e));
    } catch (IOException e) {
      throw new PlanException(source, 1, null, "cannot read: " + e.getMessage());
    }
  }

  private static Node node(JsonParser parser, Path source) throws IOException {
    int line = line(parser);
    JsonToken token = parser.currentToken();
    if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
      // the streaming parser hands an alias over as the text of its anchor's name: "<<: *defaults"
      // would become a property named "<<" with the value "defaults"
      throw new PlanException(source, line, null, "'*" + parser.getText() + "' is a YAML alias, which plans do not"
          + " accept; write the value out (or use a sweep, or the plan's properties, for values shared by scenarios)");
    }
    switch (token) {
      case START_OBJECT:
        return mapping(parser, source, line);
      case START_ARRAY:
        List<Node> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          items.add(node(parser, source));
        }
        return new Node.Sequence(items, line);
      case VALUE_STRING:
        return new Node.Scalar(parser.getText(), true, line);
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new Node.Scalar(parser.getText(), false, line);
      case VALUE_TRUE:
        // YAML 1.1 also spells it yes/on: YCSB reads only "true"
        return new Node.Scalar("true", false, line);
      case VALUE_FALSE:
        return new Node.Scalar("false", false, line);
      case VALUE_NULL:
        return new Node.Null(line);
      default:
        throw new PlanException(source, line, null, "unsupported YAML content (" + token + ")");
    }
  }

  private static Node mapping(JsonParser parser, Path source, int line) throws IOException {
    Map<String, Node.Entry> entries = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String key = parser.currentName();
      int keyLine = line(parser);
      Node.Entry earlier = entries.get(key);
      if (earlier != null) {
        // checked here rather than with STRICT_DUPLICATE_DETECTION: this way the message names both lines
        throw new PlanException(source, keyLine, key,
            "duplicate key; first given on line " + earlier.line() + "; each key may appear once per map");
      }
      parser.nextToken();
      entries.put(key, new Node.Entry(key, keyLine, node(parser, source)));
    }
    return new Node.Mapping(entries, line);
  }

  private static int line(JsonParser parser) {
    return Math.max(1, parser.currentTokenLocation().getLineNr());
  }

  /**
   * The parser's problem without the source excerpt that follows it: SnakeYAML quotes the offending
   * lines (indented, with a caret), and those may hold a password.
   */
  private static String problem(JsonProcessingException e) {
    String original = String.valueOf(e.getOriginalMessage());
    String kept = original.lines()
        .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
        .map(String::strip)
        .collect(Collectors.joining("; "));
    String problem = kept.isEmpty() ? original.strip() : kept;
    // Jackson describes nested locations as "[Source: ...; line: 2, column: 13]"
    return problem.replaceAll("\\[Source:.*?; (line: \\d+, column: \\d+)]", "$1");
  }
}
