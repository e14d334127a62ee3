package org.libreyolo.profile.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a profile keeps of its trace and where the paths it keeps lead: the op calls round-trip
 * through {@code op_calls}, and a stored trace path resolves against the profile's own folder,
 * never the working directory.
 */
class KeptPathsTest {
  @TempDir Path dir;

  @Test
  void opCallsRoundTripThroughTheProfile() {
    OpCalls.Process first =
        new OpCalls.Process(
            7,
            12.3456,
            List.of(
                new OpCalls.Call(
                    "aten::conv2d", 1, "forward", 0.51234, "[1,3,8,8] [4,3,3,3]", 864, 1024),
                new OpCalls.Call("aten::relu", 1, "forward", 0.0123, null, 0, 0),
                new OpCalls.Call("aten::conv2d", 2, null, 1.5, "[1,4,8,8] [4,4,3,3]", 1152, 0)));
    OpCalls.Process second =
        new OpCalls.Process(
            7,
            11.0,
            List.of(
                new OpCalls.Call("aten::conv2d", 1, "forward", 0.49, "[1,3,8,8] [4,3,3,3]", 864, 0),
                new OpCalls.Call("aten::sigmoid", 1, "forward", 0.02, "[1,4,8,8]", 0, 0)));
    OpCalls calls = new OpCalls(List.of(first, second));
    OpCalls read = OpCalls.of(calls.json());
    assertThat(read.processes()).hasSize(2);
    assertThat(read.processes().get(0).steps()).isEqualTo(7);
    assertThat(read.processes().get(0).tracedStepMs()).isEqualTo(12.3456);
    assertThat(read.processes().get(0).calls())
        .extracting(OpCalls.Call::key)
        .containsExactly("aten::conv2d #1", "aten::relu #1", "aten::conv2d #2");
    OpCalls.Call conv = read.processes().get(0).calls().get(0);
    assertThat(conv.msPerStep()).isEqualTo(0.5123); // stored to 0.1 microseconds
    assertThat(conv.shape()).isEqualTo("[1,3,8,8] [4,3,3,3]");
    assertThat(conv.macs()).isEqualTo(864);
    assertThat(conv.allocatedBytes()).isEqualTo(1024);
    assertThat(read.processes().get(0).calls().get(2).phase()).isNull();
    assertThat(read.processes().get(1).calls())
        .extracting(OpCalls.Call::key)
        .containsExactly("aten::conv2d #1", "aten::sigmoid #1");
    Profile p =
        new Profile(Json.MAPPER.createObjectNode().set(ProfileSchema.OP_CALLS, calls.json()));
    assertThat(p.opCalls()).isEqualTo(read);
  }

  @Test
  void aHandEditedSectionIsNone() {
    ObjectNode bad = new OpCalls(List.of()).json();
    assertThat(OpCalls.of(bad)).isNull(); // no process
    ObjectNode mismatched =
        new OpCalls(
                List.of(
                    new OpCalls.Process(
                        1, 1, List.of(new OpCalls.Call("a", 1, null, 1, null, 0, 0)))))
            .json();
    ((com.fasterxml.jackson.databind.node.ArrayNode)
            mismatched.withArray(ProfileSchema.PROCESSES).get(0).withArray(ProfileSchema.OWN_US))
        .add(2.0);
    assertThat(OpCalls.of(mismatched)).isNull(); // its times do not match its calls
    assertThat(OpCalls.of(Json.MAPPER.getNodeFactory().textNode("x"))).isNull();
  }

  /**
   * A producer stores the trace's path as it was given (relative to where it ran); read from a
   * file, it resolves against the file's folder: under it, else the file of that name beside it
   * (the folder moved), never the working directory's.
   */
  @Test
  void aStoredTracePathResolvesAgainstTheProfilesFolder() throws Exception {
    Path run = Files.createDirectories(dir.resolve("runs/profile/base/infer"));
    Path trace = Files.writeString(run.resolve("profile_trace.json"), "{}");
    Path file = run.resolve("profile.json");
    Profile relative = withTrace("runs/profile/base/infer/profile_trace.json").readFrom(file);
    assertThat(relative.traceFile()).isEqualTo(trace); // beside: the name under the cwd it ran in
    Profile under = withTrace("profile_trace.json").readFrom(file);
    assertThat(under.traceFile()).isEqualTo(trace);
    Profile absolute = withTrace(trace.toString()).readFrom(file);
    assertThat(absolute.traceFile()).isEqualTo(trace);
    Path moved = Files.createDirectories(dir.resolve("moved/infer"));
    Files.move(trace, moved.resolve("profile_trace.json"));
    Profile movedAway = withTrace(trace.toString()).readFrom(moved.resolve("profile.json"));
    assertThat(movedAway.traceFile()).isEqualTo(moved.resolve("profile_trace.json"));
    Profile gone = withTrace("runs/x/profile_trace.json").readFrom(file);
    assertThat(Files.exists(gone.traceFile())).isFalse();
    assertThat(gone.traceFile().startsWith(run)).isTrue(); // never the working directory's
    assertThat(withTrace("t.json").traceFile()).isEqualTo(Path.of("t.json")); // made here
    assertThat(withTrace(null).readFrom(file).traceFile()).isNull();
  }

  private static Profile withTrace(String trace) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put(ProfileSchema.SCHEMA, Profile.SCHEMA);
    o.put(ProfileSchema.TRACE, trace);
    return new Profile(o);
  }

  @Test
  void numbersInNamesSortAsNumbers() {
    List<String> names =
        new ArrayList<>(
            List.of(
                "aten::conv2d #10",
                "aten::conv2d #2",
                "aten::conv2d #1",
                "aten::conv2d #100",
                "sgemm_128x64",
                "sgemm_64x64",
                "aten::add #3",
                "x07",
                "x7"));
    names.sort(NaturalOrder.INSTANCE);
    assertThat(names)
        .containsExactly(
            "aten::add #3",
            "aten::conv2d #1",
            "aten::conv2d #2",
            "aten::conv2d #10",
            "aten::conv2d #100",
            "sgemm_64x64",
            "sgemm_128x64",
            "x07",
            "x7");
  }
}
