package org.libreyolo.profile.internal.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Builds a long trace from back-to-back copies of a real one: the load the trace reader is
 * benchmarked and tested with (docs/trace-reading.md).
 */
public final class TraceCopies {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private TraceCopies() {}

  /**
   * Writes {@code copies} back-to-back copies of the trace's events (each shifted past the previous
   * one in time, markers renumbered) as one uncompressed trace; returns the event count.
   */
  public static long concatenate(Path source, int copies, Path target) throws IOException {
    double span = spanUs(source);
    long count = 0;
    try (OutputStream out = Files.newOutputStream(target);
        JsonGenerator g = MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeArrayFieldStart("traceEvents");
      for (int c = 0; c < copies; c++) {
        try (InputStream in = open(source);
            JsonParser p = MAPPER.getFactory().createParser(in)) {
          seekEvents(p);
          while (p.nextToken() == JsonToken.START_OBJECT) {
            ObjectNode e = p.readValueAsTree();
            if (e.path("ts").isNumber()) {
              e.put("ts", e.get("ts").asDouble() + c * span);
            }
            String name = e.path("name").asText();
            if (name.startsWith(TraceConventions.STEP_MARKER_PREFIX)) {
              e.put(
                  "name",
                  TraceConventions.STEP_MARKER_PREFIX
                      + (c * 100_000
                          + Long.parseLong(
                              name.substring(TraceConventions.STEP_MARKER_PREFIX.length())
                                  .replaceAll("\\D", "0"))));
            }
            g.writeTree(e);
            count++;
          }
        }
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    return count;
  }

  private static double spanUs(Path source) throws IOException {
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    try (InputStream in = open(source);
        JsonParser p = MAPPER.getFactory().createParser(in)) {
      seekEvents(p);
      while (p.nextToken() == JsonToken.START_OBJECT) {
        JsonNode e = p.readValueAsTree();
        if (e.path("ts").isNumber()) {
          min = Math.min(min, e.get("ts").asDouble());
          max = Math.max(max, e.get("ts").asDouble() + e.path("dur").asDouble(0));
        }
      }
    }
    return max - min + 1000;
  }

  private static void seekEvents(JsonParser p) throws IOException {
    JsonToken t = p.nextToken();
    if (t == JsonToken.START_ARRAY) {
      return;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      if (p.nextToken() == JsonToken.START_ARRAY && name.equals("traceEvents")) {
        return;
      }
      p.skipChildren();
    }
    throw new IOException("no traceEvents");
  }

  private static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file));
    in.mark(2);
    int a = in.read();
    int b = in.read();
    in.reset();
    return a == 0x1f && b == 0x8b ? new GZIPInputStream(in) : in;
  }
}
