package org.libreyolo.profile.internal.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.libreyolo.profile.LibreYoloException;

/**
 * Streams the complete ({@code "ph": "X"}) events with a start time of a Chrome/Kineto trace
 * ({@code .json} or gzip, a top-level array or an object with {@code traceEvents}): the only events
 * any reader uses. No tree is built: heap use is independent of size. DJL's raw operator-profiler
 * output (no {@code cat}, pid "CPU Functions") reads as {@code cpu_op} events. Any parse failure is
 * an {@link LibreYoloException.Kind#UNPARSABLE_TRACE}.
 */
public final class TraceReader {
  /** DJL's legacy profiler names its process this and writes no categories. */
  static final String DJL_CPU_PID = "CPU Functions";

  private static final JsonFactory FACTORY =
      new ObjectMapper(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(200).build())
                  .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
                  .build())
          .getFactory();

  private TraceReader() {}

  /**
   * What the reader saw besides events: the first GPU's name, and the profiler cost a trace
   * captured here records (null for any other trace, or when the record is malformed).
   */
  public record Header(String gpuName, ProfilerCost profilerCost) {}

  /** What a reader accepts, said when a file is JSON but neither (docs/deviations.md). */
  static final String NEITHER =
      "neither a profile (an object with \"schema\": \"libreyolo.profile.analysis/v1\")"
          + " nor a trace (a JSON array of events, or an object with a \"traceEvents\" array)";

  /** The sink that received a trace's events, and the header facts. */
  public record Read<S>(S sink, Header header) {}

  /**
   * Reads every event of {@code file} into a sink from {@code freshSink}. The fast byte scanner
   * runs first (docs/trace-reading.md); if it meets anything it does not read exactly, the file is
   * read again with the full JSON parser into a new sink, so results and errors are the parser's.
   */
  public static <S extends Consumer<TraceEvent>> Read<S> read(Path file, Supplier<S> freshSink) {
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput("not a trace file but a directory: " + file);
    }
    S sink = freshSink.get();
    try (InputStream in = open(file)) {
      byte[] document = BlockEventReader.standard().read(in, TraceReader::eventsArrayStart, sink);
      try (JsonParser parser = FACTORY.createParser(document)) {
        return new Read<>(sink, readRoot(parser, e -> {}));
      }
    } catch (EventScanner.Unsupported | IOException | RuntimeException fast) {
      // the full parser decides: it reads what the scanner does not and words every error
      S again = freshSink.get();
      return new Read<>(again, read(file, (Consumer<TraceEvent>) again));
    }
  }

  /** Reads every event of {@code file} with the full JSON parser; returns the header facts. */
  public static Header read(Path file, Consumer<TraceEvent> sink) {
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput("not a trace file but a directory: " + file);
    }
    try (InputStream in = open(file)) {
      try (JsonParser parser = FACTORY.createParser(in)) {
        return readRoot(parser, sink);
      }
    } catch (NoSuchFileException e) {
      throw LibreYoloException.badInput("not found: " + file);
    } catch (LibreYoloException e) {
      throw e;
    } catch (ZipException | EOFException e) {
      throw unparsable(file, "broken gzip stream (" + e.getMessage() + ")");
    } catch (IOException | RuntimeException e) {
      throw unparsable(file, firstLine(e.getMessage()));
    }
  }

  /**
   * A trace file's bytes, gunzipped where it is gzipped.
   *
   * @param file the file
   * @return its stream
   * @throws IOException when it cannot be read
   */
  public static InputStream open(Path file) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    return isGzip(raw) ? new GZIPInputStream(raw, 1 << 16) : raw;
  }

  /** Offset just after the {@code [} of the events array in {@code block}, or -1. */
  static int eventsArrayStart(byte[] block, int length) {
    try (JsonParser p = FACTORY.createParser(block, 0, length)) {
      JsonToken first = p.nextToken();
      if (first == JsonToken.START_ARRAY) {
        return (int) p.currentTokenLocation().getByteOffset() + 1;
      }
      if (first != JsonToken.START_OBJECT) {
        return -1;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("traceEvents") && value == JsonToken.START_ARRAY) {
          return (int) p.currentTokenLocation().getByteOffset() + 1;
        }
        p.skipChildren();
      }
      return -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private static boolean isGzip(InputStream in) throws IOException {
    in.mark(2);
    int a = in.read();
    int b = in.read();
    in.reset();
    return a == 0x1f && b == 0x8b;
  }

  private static Header readRoot(JsonParser p, Consumer<TraceEvent> sink) throws IOException {
    JsonToken first = p.nextToken();
    TraceEvent event = new TraceEvent();
    if (first == JsonToken.START_ARRAY) {
      readEvents(p, event, sink);
      return new Header(null, null);
    }
    if (first != JsonToken.START_OBJECT) {
      throw new IOException(NEITHER);
    }
    String gpu = null;
    ProfilerCost cost = null;
    boolean events = false;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken value = p.nextToken();
      if (field.equals("traceEvents") && value == JsonToken.START_ARRAY) {
        readEvents(p, event, sink);
        events = true;
      } else if (field.equals("deviceProperties") && value == JsonToken.START_ARRAY) {
        gpu = firstDeviceName(p);
      } else if (field.equals(TraceConventions.PROFILER_COST_KEY)
          && value == JsonToken.START_OBJECT) {
        cost = profilerCost(p);
      } else {
        p.skipChildren();
      }
    }
    if (!events) { // valid JSON, but nothing a reader can read (the reference analyses it to zeros)
      throw new IOException(NEITHER);
    }
    return new Header(gpu, cost);
  }

  private static ProfilerCost profilerCost(JsonParser p) throws IOException {
    double perOp = Double.NaN;
    double inOp = Double.NaN;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken value = p.nextToken();
      if (value.isNumeric() && field.equals("per_op_us")) {
        perOp = p.getDoubleValue();
      } else if (value.isNumeric() && field.equals("in_op_us")) {
        inOp = p.getDoubleValue();
      } else {
        p.skipChildren();
      }
    }
    try {
      return new ProfilerCost(perOp, inOp);
    } catch (IllegalArgumentException e) {
      return null; // a hand-edited or foreign record: read the trace as recorded
    }
  }

  private static String firstDeviceName(JsonParser p) throws IOException {
    String name = null;
    while (p.nextToken() == JsonToken.START_OBJECT) {
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if (field.equals("name") && name == null && p.currentToken() == JsonToken.VALUE_STRING) {
          name = p.getText();
        } else {
          p.skipChildren();
        }
      }
    }
    return name;
  }

  private static void readEvents(JsonParser p, TraceEvent e, Consumer<TraceEvent> sink)
      throws IOException {
    StringPool pool = new StringPool();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == null) {
        throw new EOFException("unexpected end of input inside traceEvents");
      }
      if (t != JsonToken.START_OBJECT) {
        p.skipChildren();
        continue;
      }
      e.reset();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "name" ->
              e.name = value == JsonToken.VALUE_STRING ? pooled(pool, p) : scalarText(p, value);
          case "cat" -> e.cat = value == JsonToken.VALUE_STRING ? pooled(pool, p) : skipped(p);
          case "ph" -> e.ph = value == JsonToken.VALUE_STRING ? pooled(pool, p) : skipped(p);
          case "ts" -> {
            if (value.isNumeric()) {
              e.ts = p.getDoubleValue();
              e.hasTs = true;
            } else {
              p.skipChildren();
            }
          }
          case "dur" -> e.dur = value.isNumeric() ? p.getDoubleValue() : skippedZero(p);
          case TraceConventions.OP_COST_KEY ->
              e.costUs = value.isNumeric() ? p.getDoubleValue() : skippedNaN(p);
          case "pid" ->
              e.pid = value == JsonToken.VALUE_STRING ? pooled(pool, p) : scalarText(p, value);
          case "tid" ->
              e.tid = value == JsonToken.VALUE_STRING ? pooled(pool, p) : scalarText(p, value);
          default -> p.skipChildren();
        }
      }
      if (!e.isComplete() || !e.hasTs()) {
        continue; // the only events any reader uses are complete spans with a start
      }
      e.categoriseDjlOps();
      sink.accept(e);
    }
  }

  /**
   * A non-string value where a string is read: skipped whole (an object must not leak its fields).
   */
  private static String skipped(JsonParser p) throws IOException {
    p.skipChildren();
    return null;
  }

  private static double skippedNaN(JsonParser p) throws IOException {
    p.skipChildren();
    return Double.NaN;
  }

  private static double skippedZero(JsonParser p) throws IOException {
    p.skipChildren();
    return 0;
  }

  private static String pooled(StringPool pool, JsonParser p) throws IOException {
    return pool.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
  }

  /** Names and ids as text; non-scalars (rare) as their JSON. */
  private static String scalarText(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
      return p.readValueAsTree().toString();
    }
    return value == JsonToken.VALUE_NULL ? "None" : p.getText();
  }

  private static LibreYoloException unparsable(Path file, String why) {
    return new LibreYoloException(
        LibreYoloException.Kind.UNPARSABLE_TRACE, "failed to analyse " + file + ": " + why);
  }

  private static String firstLine(String message) {
    String m = String.valueOf(message);
    int nl = m.indexOf('\n');
    // Jackson's note that it hides the source says nothing to the user: keep line and column
    return (nl < 0 ? m : m.substring(0, nl)).replaceAll("\\[Source: REDACTED \\([^)]*\\); ", "[");
  }
}
