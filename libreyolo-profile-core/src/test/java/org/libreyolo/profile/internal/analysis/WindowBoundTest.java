package org.libreyolo.profile.internal.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.trace.TraceCopies;
import org.libreyolo.profile.result.Json;

/**
 * Dropping the events after the window while streaming changes nothing: the profile of a trace read
 * with the bound equals the profile of the same trace read in full.
 */
class WindowBoundTest {
  @Test
  void aLongGpuTraceKeepsOnlyItsWindowAndAnalysesTheSame(@TempDir Path dir) throws Exception {
    Path big = dir.resolve("a100x4.json");
    TraceCopies.concatenate(
        Path.of("src/test/resources/fixtures/gpu-traces/a100-train-control.json.gz"), 4, big);
    EventTable bounded = EventTable.read(big);
    EventTable all = EventTable.readAll(big);
    assertTrue(bounded.size < all.size / 2, bounded.size + " rows kept of " + all.size);
    assertEquals(json(all, big), json(bounded, big));
  }

  @Test
  void aCpuTraceWhoseOpOutlivesTheWindowIsReadInFull(@TempDir Path dir) {
    Traces t = new Traces();
    for (int i = 0; i < 12; i++) {
      t.x("user_annotation", "ProfilerStep#" + i, i * 100, 100);
      t.x("cpu_op", "aten::step_op", i * 100 + 10, 50);
    }
    t.x("cpu_op", "aten::long_parent", 750, 400); // from step 7 past the window's end (800)
    t.x("cpu_op", "aten::child_after_window", 900, 100);
    Path trace = t.write(dir.resolve("cpu.json"));
    EventTable bounded = EventTable.read(trace);
    assertEquals(EventTable.readAll(trace).size, bounded.size, "re-read in full");
    assertEquals(json(EventTable.readAll(trace), trace), json(bounded, trace));
  }

  private static String json(EventTable table, Path trace) {
    return Json.MAPPER
        .valueToTree(
            TraceAnalyzer.analyze(
                    table,
                    trace.toString(),
                    org.libreyolo.profile.result.ProfileSummary.EMPTY,
                    java.util.Map.of())
                .json())
        .toString();
  }
}
