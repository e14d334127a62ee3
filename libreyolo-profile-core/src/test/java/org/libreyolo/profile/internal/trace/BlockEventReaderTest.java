package org.libreyolo.profile.internal.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.libreyolo.profile.LibreYoloException;

/**
 * The fast path reads exactly what the full JSON parser reads: every field of every event, in
 * order, on every fixture, with blocks small enough that events cross block boundaries and guessed
 * starts land inside {@code args}.
 */
class BlockEventReaderTest {
  private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

  record Event(
      String name,
      String cat,
      String ph,
      double ts,
      boolean hasTs,
      double dur,
      String pid,
      String tid,
      double costUs) {}

  static final class Recorder implements Consumer<TraceEvent> {
    final List<Event> events = new ArrayList<>();

    @Override
    public void accept(TraceEvent e) {
      events.add(
          new Event(
              e.name(), e.cat(), e.ph(), e.ts(), e.hasTs(), e.dur(), e.pid(), e.tid(), e.costUs()));
    }
  }

  static Stream<Path> fixtures() throws IOException {
    List<Path> all = new ArrayList<>();
    for (String dir : List.of("gpu-traces", "djl-traces")) {
      try (Stream<Path> s = Files.list(FIXTURES.resolve(dir))) {
        s.filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".json.gz"))
            .sorted()
            .forEach(all::add);
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void everyFixtureReadsAsTheFullParserReadsIt(Path trace) throws Exception {
    List<Event> expected = parser(trace);
    assertTrue(expected.size() > 10, "fixture has events");
    for (BlockEventReader reader :
        List.of(
            BlockEventReader.standard(),
            new BlockEventReader(16 << 10, 16 << 10, 2),
            new BlockEventReader(32 << 10, 4 << 10, 3))) {
      assertEquals(expected, fast(trace, reader), trace + " with " + reader);
    }
  }

  @Test
  void numbersAreCorrectlyRoundedInEveryShape(@TempDir Path dir) throws Exception {
    SplittableRandom random = new SplittableRandom(11);
    StringBuilder json = new StringBuilder("[");
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      double v =
          switch (i % 6) {
            case 0 -> 1.6e15 + random.nextDouble() * 1e14; // epoch microseconds
            case 1 -> random.nextDouble() * 1e4;
            case 2 -> Math.scalb(random.nextDouble(), random.nextInt(-60, 80));
            case 3 -> random.nextLong(1L << 62);
            case 4 -> -random.nextDouble() * 100;
            default -> random.nextInt(1000);
          };
      String text =
          switch (i % 4) {
            case 0 -> Double.toString(v);
            case 1 -> String.format(Locale.ROOT, "%.3f", v);
            case 2 -> String.format(Locale.ROOT, "%.17e", v);
            default ->
                v == Math.rint(v) && Math.abs(v) < 1e18
                    ? Long.toString((long) v)
                    : Double.toString(v);
          };
      texts.add(text);
      json.append(i == 0 ? "" : ",")
          .append("{\"ph\":\"X\",\"ts\":")
          .append(text)
          .append(",\"dur\":")
          .append(text)
          .append('}');
    }
    Path trace = dir.resolve("numbers.json");
    Files.writeString(trace, json.append(']').toString());
    List<Event> events = fast(trace, new BlockEventReader(8192, 4096, 2));
    for (int i = 0; i < texts.size(); i++) {
      assertEquals(Double.parseDouble(texts.get(i)), events.get(i).ts(), texts.get(i));
      assertEquals(Double.parseDouble(texts.get(i)), events.get(i).dur(), texts.get(i));
    }
  }

  @Test
  void oddButValidEventsMatchTheParser(@TempDir Path dir) throws Exception {
    String odd =
        """
        {"schemaVersion": 1, "traceEvents": [
          {"ph": "X", "name": "a\\"b\\u00e9\\\\c", "cat": "cpu_op", "ts": 1, "dur": 2, "pid": 7, "tid": "t"},
          {"ph": "X", "name": "Conv", "cat": "cpu_op", "ts": 4, "dur": 2, "libreyolo_cost_us": 7.625},
          {"ph": "X", "name": "Relu", "cat": "cpu_op", "ts": 7, "dur": 1, "libreyolo_cost_us": null},
          {"name": 12.5, "ph": "X", "cat": null, "ts": -3e2, "dur": null, "pid": null, "tid": true},
          {"ph": "X", "name": "n", "ts": "9", "args": {"x": [{"a": 1}, {"b": "}, {"}], "s": "}, {\\"ph\\": 1"}},
          {"ph": "X", "name": "ProfilerStep#1", "cat": "user_annotation", "ts": 5, "dur": 1, "ts": 6},
          {}, 3, "text", [1, {"ph": "X"}], {"ph": "X", "name": "caf\u00e9 \u4e2d", "ts": 1e-7, "dur": 0.1}
        ], "deviceProperties": [{"name": "GPU-X"}]}
        """;
    Path trace = dir.resolve("odd.json");
    Files.writeString(trace, odd);
    assertEquals(parser(trace), fast(trace, new BlockEventReader(128, 128, 2)));
    assertEquals(parser(trace), fast(trace, BlockEventReader.standard()));
    TraceReader.Read<Recorder> read = TraceReader.read(trace, Recorder::new);
    assertEquals("GPU-X", read.header().gpuName());
    // another engine's kernel keeps its own profiler cost in both readers
    assertEquals(
        7.625,
        parser(trace).stream().filter(e -> e.name().equals("Conv")).findFirst().get().costUs());
  }

  @Test
  void malformedInputIsLeftToTheParserWhichNamesTheProblem(@TempDir Path dir) throws Exception {
    for (String broken :
        List.of(
            "[{\"ph\": \"X\" \"ts\": 1}]",
            "[{\"ph\": \"X\", \"ts\": 1}",
            "{\"traceEvents\": [{\"ts\": 01}]}",
            "[{\"n\\u0061me\": \"x\"}]",
            "[{\"ph\": \"X\", \"ts\": 1,}]")) {
      Path trace = dir.resolve("broken.json");
      Files.writeString(trace, broken);
      assertThrows(
          EventScanner.Unsupported.class,
          () -> fast(trace, new BlockEventReader(64, 64, 2)),
          broken);
    }
    Files.writeString(dir.resolve("t.json"), "[{\"ph\": \"X\", \"ts\": 1}");
    LibreYoloException e =
        assertThrows(
            LibreYoloException.class, () -> TraceReader.read(dir.resolve("t.json"), Recorder::new));
    assertEquals(LibreYoloException.Kind.UNPARSABLE_TRACE, e.kind());
    // an escaped key is valid JSON: the parser reads it
    Files.writeString(dir.resolve("k.json"), "[{\"n\\u0061me\": \"x\", \"ph\": \"X\", \"ts\": 1}]");
    assertEquals(
        "x", TraceReader.read(dir.resolve("k.json"), Recorder::new).sink().events.get(0).name());
  }

  private static List<Event> parser(Path trace) {
    Recorder r = new Recorder();
    TraceReader.read(trace, r);
    return r.events;
  }

  private static List<Event> fast(Path trace, BlockEventReader reader) throws Exception {
    Recorder r = new Recorder();
    try (InputStream in = TraceReader.open(trace)) {
      reader.read(in, TraceReader::eventsArrayStart, r);
    }
    return r.events;
  }

  @Test
  void theEventsArrayIsFoundWhereverTheHeaderPutsIt() {
    byte[] object =
        "{\"a\": {\"traceEvents\": []}, \"traceEvents\" : [ {}]}".getBytes(StandardCharsets.UTF_8);
    assertEquals(
        new String(object, StandardCharsets.UTF_8).lastIndexOf('[') + 1,
        TraceReader.eventsArrayStart(object, object.length));
    byte[] array = "  [{}]".getBytes(StandardCharsets.UTF_8);
    assertEquals(3, TraceReader.eventsArrayStart(array, array.length));
    byte[] none = "{\"x\": 1}".getBytes(StandardCharsets.UTF_8);
    assertEquals(-1, TraceReader.eventsArrayStart(none, none.length));
    assertTrue(new ByteArrayInputStream(none).available() > 0);
  }
}
