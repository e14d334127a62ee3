package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.report.RepeatFields;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.TrainResult;

/**
 * {@code profile run}'s output, built once for the CLI and the Maven goal: the result lines (or the
 * JSON object), notes and warnings (the CLI prints those on stderr, Maven logs them).
 *
 * @param json the JSON text
 * @param text the text lines
 * @param notes notes for the user
 * @param warnings warnings for the user
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record TrainReport(
    String json, List<String> text, List<String> notes, List<String> warnings) {

  /**
   * @param next the surface's command that reads the profile (see {@link InferReport#text})
   * @param r the result
   * @param ampRequested whether the user asked for mixed precision
   * @return the report
   */
  public static TrainReport of(TrainResult r, boolean ampRequested, Function<Path, String> next) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("profile", r.reported().toString());
    o.put(ProfileSchema.TRACE, r.trace().toString());
    Profile p = r.profile();
    o.set(ProfileSchema.IMG_PER_S, Num.json(p.figures().imgPerS()));
    RepeatFields.put(o, p);
    o.set(ProfileSchema.BOUND, p.bound() == null ? o.nullNode() : o.textNode(p.bound()));
    o.set(ProfileSchema.GPU_UTIL, Num.json(p.figures().gpuUtil()));
    String spread = RepeatFields.spread(p);
    List<String> text =
        List.of(
            "img/s: " + Num.str(p.figures().imgPerS()) + spread + "  |  " + p.bound(),
            "profile: " + r.reported(),
            "next:    " + next.apply(r.reported()));
    List<String> notes = new ArrayList<>();
    if (ampRequested) {
      notes.add(
          "note: {amp} is recorded but not applied: DJL 0.36 has no autocast, the step runs in float32");
    }
    if (r.autoBatchNote() != null) {
      notes.add("note: " + r.autoBatchNote());
    }
    List<String> warnings = r.warning() == null ? List.of() : List.of("warning: " + r.warning());
    return new TrainReport(Json.indented(o), text, notes, warnings);
  }

  /**
   * The result itself: the JSON object, or the text lines.
   *
   * @param asJson true for the JSON text
   * @return the lines to print
   */
  public List<String> lines(boolean asJson) {
    return asJson ? List.of(json) : text;
  }
}
