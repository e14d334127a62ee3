package org.libreyolo.profile.internal.capture;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.runtime.EngineOp;

/**
 * Merges DJL's raw operator trace and the Java-side spans into one Chrome/Perfetto trace in
 * torch.profiler's Kineto conventions: {@code cpu_op} events with {@code args} ("Input Dims", "cpu
 * mem" in bytes), {@code user_annotation} events ({@code ProfilerStep#N}, {@code step/<p>}) on
 * their own thread track, numeric pid/tid and name metadata. Streams both ways.
 */
final class KinetoTraceWriter {
  /** A Java-side span: name, start and duration in microseconds since the profiler started. */
  record Annotation(String name, double ts, double dur) {}

  /**
   * One profiler run's raw DJL output: it begins with {@code anchors} anchor ops, of which the
   * {@code best}-th (0-based) was seen by Java with its middle at {@code anchorMidUs} (trace time,
   * µs); {@code fallbackZeroUs} is when the start call began (the zero if no anchor is found). It
   * ends with {@code endAnchors} more, the {@code endBest}-th seen with its middle at {@code
   * endAnchorMidUs}: both ends pin the segment's clock onto Java's, offset and rate, to within
   * {@code alignmentUs} (half the wider of the two anchors' Java brackets).
   */
  record Segment(
      Path raw,
      int anchors,
      int best,
      double anchorMidUs,
      double fallbackZeroUs,
      OperatorProfiler.Calibration calibration,
      int endAnchors,
      int endBest,
      double endAnchorMidUs,
      double alignmentUs) {}

  /**
   * Top-level trace key: the largest clock-alignment bound of the segments, µs (ops vs the
   * Java-side markers).
   */
  static final String ALIGNMENT_KEY = "libreyolo_clock_alignment_us";

  /**
   * Raw time to trace time: {@code zero + (ts - rawZero) * rate}. The rate is 1 unless both anchors
   * were found and agree within 2% (a larger gap is a pause, not a clock).
   */
  private record Mapping(double rawZero, double zero, double rate, double endAnchorsStart) {
    static final double MAX_RATE_ERROR = 0.02;

    double ts(double raw) {
      return zero + (raw - rawZero) * rate;
    }

    /** Whether a raw event is one of the segment's end anchors (dropped like the start anchors). */
    boolean endAnchor(double raw) {
      return raw >= endAnchorsStart;
    }
  }

  /**
   * The raw span of the best anchor; where the anchors and the calibration ops after them end (all
   * are dropped from the trace); the median recorded duration of the calibration ops.
   */
  private record Anchor(double mid, double anchorsEnd, double calibrationMedianUs) {}

  /**
   * Leading raw events that may come before or between the anchor ops besides them (a handful in
   * practice).
   */
  private static final int ANCHOR_SEARCH = 64;

  /** The top-level key of the profiler-cost record; {@code trace.TraceReader} reads it back. */
  static final String COST_KEY =
      org.libreyolo.profile.internal.trace.TraceConventions.PROFILER_COST_KEY;

  static final int PID = 1;

  /** DJL records every op on profiler thread 1 (backward runs on the calling thread). */
  static final int OPS_TID = 1;

  /** Java spans get their own track so clock skew can never break the ops' nesting. */
  static final int ANNOTATION_TID = 2;

  private static final Pattern MEM =
      Pattern.compile("\\s*(-?[0-9.]+)\\s*([KMG]?b)\\s*", Pattern.CASE_INSENSITIVE);
  private static final JsonFactory FACTORY = Json.MAPPER.getFactory();

  private KinetoTraceWriter() {}

  /** The Java samples' flame chart: its own track, under the steps and beside the ops. */
  static final int JAVA_TID = 3;

  /**
   * Writes the merged trace atomically; {@code java} (may be null) adds the traced steps' Java
   * samples as a track.
   */
  static void merge(
      List<Segment> segments,
      List<Annotation> annotations,
      JavaSampleTrack java,
      List<EngineOp> engineOps,
      Path target) {
    AtomicFiles.write(target, out -> write(segments, annotations, java, engineOps, out));
  }

  private static void write(
      List<Segment> segments,
      List<Annotation> annotations,
      JavaSampleTrack java,
      List<EngineOp> engineOps,
      OutputStream out)
      throws IOException {
    try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      g.writeStartObject();
      g.writeStringField("schemaVersion", "1");
      g.writeStringField("displayTimeUnit", "ms");
      g.writeStringField("traceName", "libreyolo-profile (DJL PyTorch, CPU operator profiler)");
      Anchor[] anchors = new Anchor[segments.size()];
      for (int i = 0; i < anchors.length; i++) {
        anchors[i] = anchor(segments.get(i));
      }
      profilerCost(g, segments.get(segments.size() - 1), anchors[anchors.length - 1]);
      g.writeNumberField(
          ALIGNMENT_KEY,
          round3(segments.stream().mapToDouble(Segment::alignmentUs).max().orElse(0)));
      g.writeArrayFieldStart("traceEvents");
      metadata(g, "process_name", 0, "libreyolo-profile");
      metadata(g, "thread_name", OPS_TID, "libtorch ops");
      metadata(g, "thread_name", ANNOTATION_TID, "steps and phases");
      if (java != null) {
        metadata(g, "thread_name", JAVA_TID, "Java samples (JFR), thread " + java.thread());
      }
      for (int s = 0; s < segments.size(); s++) {
        Segment segment = segments.get(s);
        Anchor anchor = anchors[s];
        Mapping mapping = mapping(segment, anchor);
        try (JsonParser p = events(segment.raw())) {
          while (p.nextToken() == JsonToken.START_OBJECT) {
            JsonNode e = p.readValueAsTree();
            double ts = e.path("ts").asDouble();
            if ((anchor == null || ts >= anchor.anchorsEnd()) && !mapping.endAnchor(ts)) {
              op(g, e, mapping);
            }
          }
        }
      }
      for (EngineOp op : engineOps) { // on the ops' track: the step's forward
        complete(g, TraceConventions.CAT_CPU_OP, op.name(), OPS_TID, op.ts(), op.dur());
        if (Double.isFinite(op.costUs())) {
          g.writeNumberField(TraceConventions.OP_COST_KEY, round3(op.costUs()));
        }
        g.writeFieldName("args");
        g.writeTree(op.args());
        g.writeEndObject();
      }
      for (Annotation a : annotations) {
        // duration from rounded endpoints, so back-to-back spans meet exactly
        double ts = round3(a.ts());
        complete(
            g,
            TraceConventions.CAT_USER_ANNOTATION,
            a.name(),
            ANNOTATION_TID,
            ts,
            round3(a.ts() + a.dur()) - ts);
        g.writeObjectFieldStart("args");
        g.writeEndObject();
        g.writeEndObject();
      }
      if (java != null) {
        for (JavaSampleTrack.Slice slice : java.slices()) {
          complete(
              g,
              TraceConventions.CAT_JAVA_SAMPLE,
              slice.method(),
              JAVA_TID,
              slice.ts(),
              slice.dur());
          g.writeObjectFieldStart("args");
          g.writeNumberField("samples", slice.samples());
          g.writeEndObject();
          g.writeEndObject();
        }
      }
      g.writeEndArray();
      g.writeEndObject();
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw LibreYoloException.badInput(
          "DJL wrote an unreadable operator trace: " + e.getOriginalMessage());
    }
  }

  private static JsonParser events(Path raw) throws IOException {
    JsonParser p = FACTORY.createParser(raw.toFile());
    if (p.nextToken() != JsonToken.START_ARRAY) {
      p.close();
      throw new IOException("DJL's profiler output is not a JSON array");
    }
    return p;
  }

  /**
   * The segment's clock mapping: from the start anchor alone an offset (rate 1); with the end
   * anchor too, offset and rate.
   */
  private static Mapping mapping(Segment segment, Anchor start) throws IOException {
    if (start == null) {
      return new Mapping(0, segment.fallbackZeroUs(), 1, Double.POSITIVE_INFINITY);
    }
    double[] end = endAnchor(segment);
    if (end == null) {
      return new Mapping(start.mid(), segment.anchorMidUs(), 1, Double.POSITIVE_INFINITY);
    }
    double rate = (segment.endAnchorMidUs() - segment.anchorMidUs()) / (end[0] - start.mid());
    if (!(Math.abs(rate - 1) <= Mapping.MAX_RATE_ERROR)) {
      rate = 1;
    }
    return new Mapping(start.mid(), segment.anchorMidUs(), rate, end[1]);
  }

  /**
   * The end anchors: the last {@code endAnchors} anchor ops of the raw events by time. Returns {mid
   * of the {@code endBest}-th, start of the first}, or null when there are too few.
   */
  private static double[] endAnchor(Segment segment) throws IOException {
    int n = segment.endAnchors();
    if (n <= 0) {
      return null;
    }
    PriorityQueue<double[]> latest = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
    int total = 0;
    try (JsonParser p = events(segment.raw())) {
      while (p.nextToken() == JsonToken.START_OBJECT) {
        JsonNode e = p.readValueAsTree();
        if (OperatorProfiler.ANCHOR_OP.equals(e.path("name").asText()) && e.path("ts").isNumber()) {
          latest.add(new double[] {e.get("ts").asDouble(), e.path("dur").asDouble(0)});
          total++;
          if (latest.size() > n) {
            latest.poll();
          }
        }
      }
    }
    // the start anchors and calibration ops come first: the end anchors are more than those
    if (total < segment.anchors() + segment.calibration().ops() + n) {
      return null;
    }
    double[][] ends = latest.toArray(new double[0][]);
    Arrays.sort(ends, (a, b) -> Double.compare(a[0], b[0]));
    double[] best = ends[segment.endBest()];
    return new double[] {best[0] + best[1] / 2, ends[0][0]};
  }

  /**
   * The segment's anchor and calibration ops among its first raw events, or null when they are not
   * all there.
   */
  private static Anchor anchor(Segment segment) throws IOException {
    double mid = 0;
    int seen = 0;
    int calibration = segment.calibration().ops();
    int wanted = segment.anchors() + calibration;
    double[] calibrationDur = new double[calibration];
    try (JsonParser p = events(segment.raw())) {
      for (int i = 0; i < ANCHOR_SEARCH + wanted && p.nextToken() == JsonToken.START_OBJECT; i++) {
        JsonNode e = p.readValueAsTree();
        if (OperatorProfiler.ANCHOR_OP.equals(e.path("name").asText()) && e.path("ts").isNumber()) {
          double ts = e.get("ts").asDouble();
          double dur = e.path("dur").asDouble(0);
          if (seen == segment.best()) {
            mid = ts + dur / 2;
          }
          if (seen >= segment.anchors()) {
            calibrationDur[seen - segment.anchors()] = dur;
          }
          if (++seen == wanted) {
            Arrays.sort(calibrationDur);
            return new Anchor(
                mid, ts + dur, calibration == 0 ? 0 : calibrationDur[calibration / 2]);
          }
        }
      }
    }
    return null;
  }

  /**
   * The profiler's measured cost per recorded op (from the last segment, the one the analysis
   * window reads), for readers that compensate op and step times (docs/profiler-cost.md).
   */
  private static void profilerCost(JsonGenerator g, Segment segment, Anchor anchor)
      throws IOException {
    if (anchor == null) {
      return; // no calibration found: the trace stays uncompensated
    }
    double perOp = segment.calibration().perOpUs();
    g.writeObjectFieldStart(COST_KEY);
    g.writeNumberField("per_op_us", round3(perOp));
    // an op's recorded span holds part of the cost; a 1-element add_ itself takes ~0.1 µs, so its
    // median recorded duration is (an upper bound of) that part
    g.writeNumberField("in_op_us", round3(Math.min(anchor.calibrationMedianUs(), perOp)));
    g.writeNumberField("calibration_ops", segment.calibration().ops());
    g.writeNumberField("plain_ns_per_op", round3(segment.calibration().plainNsPerOp()));
    g.writeNumberField("profiled_ns_per_op", round3(segment.calibration().profiledNsPerOp()));
    g.writeEndObject();
  }

  /**
   * Opens a complete ({@code X}) event of our process and writes its fields up to {@code dur}; the
   * caller writes {@code args} and closes it.
   */
  private static void complete(
      JsonGenerator g, String cat, String name, int tid, double ts, double dur) throws IOException {
    g.writeStartObject();
    g.writeStringField("ph", "X");
    g.writeStringField("cat", cat);
    g.writeStringField("name", name);
    g.writeNumberField("pid", PID);
    g.writeNumberField("tid", tid);
    g.writeNumberField("ts", round3(ts));
    g.writeNumberField("dur", round3(dur));
  }

  private static void metadata(JsonGenerator g, String kind, int tid, String name)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("ph", "M");
    g.writeStringField("name", kind);
    g.writeNumberField("pid", PID);
    g.writeNumberField("tid", tid);
    g.writeObjectFieldStart("args");
    g.writeStringField("name", name);
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void op(JsonGenerator g, JsonNode e, Mapping mapping) throws IOException {
    if (!e.path("ts").isNumber()) {
      return;
    }
    g.writeStartObject();
    g.writeStringField("ph", e.path("ph").asText("X"));
    g.writeStringField("cat", TraceConventions.CAT_CPU_OP);
    g.writeStringField("name", e.path("name").asText());
    g.writeNumberField("pid", PID);
    g.writeNumberField("tid", OPS_TID);
    g.writeNumberField("ts", round3(mapping.ts(e.path("ts").asDouble())));
    g.writeNumberField("dur", round3(e.path("dur").asDouble(0) * mapping.rate()));
    g.writeObjectFieldStart("args");
    JsonNode shape = e.path("shape");
    if (shape.isArray() && !shape.isEmpty()) {
      g.writeFieldName("Input Dims");
      g.writeTree(shape);
    }
    long bytes = memoryBytes(e.path("cpu mem").asText(""));
    if (bytes != 0) {
      g.writeNumberField("cpu mem", bytes);
    }
    if (e.path("args").isObject()) {
      ((ObjectNode) e.path("args"))
          .fields()
          .forEachRemaining(
              f -> {
                try {
                  g.writeFieldName(f.getKey());
                  g.writeTree(f.getValue());
                } catch (IOException ex) {
                  throw new java.io.UncheckedIOException(ex);
                }
              });
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  /** DJL's formatted net memory ("0 b", "25.00 Kb", "-2.17 Mb") in bytes. */
  static long memoryBytes(String text) {
    Matcher m = MEM.matcher(text);
    if (!m.matches()) {
      return 0;
    }
    double value = Double.parseDouble(m.group(1));
    double unit =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "kb" -> 1024.0;
          case "mb" -> 1024.0 * 1024;
          case "gb" -> 1024.0 * 1024 * 1024;
          default -> 1.0;
        };
    return Math.round(value * unit);
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
