package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.internal.report.Fmt;
import org.libreyolo.profile.internal.report.RepeatFields;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * {@code profile infer}'s output (docs/reference-behaviour.md, "Inference measurement"): the five
 * text lines and the JSON object.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class InferReport {
  private InferReport() {}

  /**
   * The result as {@code profile infer --json} prints it.
   *
   * @param r the result
   * @return the JSON object
   */
  public static ObjectNode json(InferResult r) {
    Profile p = r.profile();
    ProfileRows.Latency l = p.latency();
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("profile", r.reported().toString());
    o.put(ProfileSchema.MODE, "inference");
    o.set(ProfileSchema.IMG_PER_S, Num.json(p.figures().imgPerS()));
    RepeatFields.put(o, p);
    o.set(ProfileSchema.LATENCY_P50_MS, Num.json(l.p50()));
    o.set(ProfileSchema.LATENCY_P90_MS, Num.json(l.p90()));
    o.set(ProfileSchema.LATENCY_P99_MS, Num.json(l.p99()));
    o.put(ProfileSchema.BOUND, p.bound());
    ObjectNode stages = o.putObject(ProfileSchema.STAGES_MS);
    p.stagesMs().forEach((stage, ms) -> stages.set(stage, Num.json(ms)));
    // ours, after the reference's keys: which model ran (random-init said so) and what followed the
    // forward
    o.put(ProfileSchema.MODEL, p.model());
    o.set(ProfileSchema.WEIGHTS, p.config().getOrDefault(ProfileSchema.WEIGHTS, NullNode.instance));
    o.set(ProfileSchema.TASK, p.config().getOrDefault(ProfileSchema.TASK, NullNode.instance));
    o.set(
        ProfileSchema.INPUT_SHAPE,
        p.config().getOrDefault(ProfileSchema.INPUT_SHAPE, NullNode.instance));
    return o;
  }

  /**
   * The stages line of {@code infer} and {@code summary}: a plain model has no postprocess stage.
   */
  private static String taskWords(Profile p) {
    return "none".equals(p.task())
        ? "none: not a YOLO detection output, profiled without postprocess"
        : p.task() == null ? "detect" : p.task();
  }

  /**
   * The result lines; {@code next} is the surface's command that reads the profile (the CLI's
   * {@code libreyolo profile summary ...}, the plugin's {@code mvn libreyolo-profile:summary ...}).
   *
   * @param r the result
   * @param next the surface's command that reads the profile next
   * @return the lines to print
   */
  public static List<String> text(InferResult r, Function<Path, String> next) {
    Profile p = r.profile();
    ProfileRows.Latency l = p.latency();
    String spread = RepeatFields.spread(p);
    List<String> lines = new java.util.ArrayList<>();
    java.util.Collections.addAll(
        lines,
        "model    "
            + p.modelLabel()
            + "  |  input "
            + Fmt.orQ(p.config().get(ProfileSchema.INPUT_SHAPE))
            + "  |  task "
            + taskWords(p),
        TextReport.percentiles(l)
            + "  |  "
            + Num.str(p.figures().imgPerS())
            + spread
            + " img/s"
            + (l.mean() == null ? "" : " (batch / mean " + Num.str(l.mean()) + " ms)"),
        TextReport.stagesLine(p));
    String gap = TextReport.stagesGapLine(p);
    if (gap != null) {
      lines.add(gap);
    }
    lines.add(">> " + p.bound().toUpperCase(Locale.ROOT) + ": " + p.boundWhy());
    lines.add("profile: " + r.reported());
    lines.add("next:    " + next.apply(r.reported()));
    return List.copyOf(lines);
  }

  /**
   * Notes for stderr after the result lines: a profile of one process answers where the time goes,
   * but the gate's unit is the process, so say how to get gate-grade evidence.
   *
   * @param r the result
   * @return the notes, with {@code {key}} options for the surface to render
   */
  public static List<String> notes(InferResult r) {
    JsonNode forks = r.profile().config().get(ProfileSchema.FORKS);
    if (forks != null && forks.asInt(1) > 1) {
      return List.of();
    }
    return List.of(
        "note: one process measured; for the gate (check, history) measure "
            + Defaults.Infer.FORKS_VALUE
            + " processes with {forks} "
            + Defaults.Infer.FORKS_VALUE
            + ", the Maven infer goal's default: the process is"
            + " the gate's unit (docs/statistics.md, \"Forks\")");
  }
}
