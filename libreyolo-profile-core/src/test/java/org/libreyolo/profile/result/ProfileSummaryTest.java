package org.libreyolo.profile.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The producers' summary, {@code profile_summary.json}: one writer in the reference's key order per
 * producer, one reader that takes the reference's file as its analyser does.
 */
class ProfileSummaryTest {
  private static final Map<String, Double> STAGES = new LinkedHashMap<>();

  static {
    STAGES.put("preprocess", 1.25);
    STAGES.put("forward", 30.0);
    STAGES.put("postprocess", 0.0);
  }

  private static ProfileSummary inference() {
    return ProfileSummary.inference(
        JsonNodeFactory.instance.objectNode().put("model", "LibreYOLO9t.pt"),
        31.25,
        32.0,
        null,
        new ProfileRows.Latency(
            new Num(31.0, false),
            null,
            null,
            new Num(31.25, false),
            new Num(30.0, false),
            new Num(33.0, false),
            new Num(8, true)),
        STAGES);
  }

  @Test
  void inferenceIsWrittenInTheReferencesOrderAndReadBackTheSame() {
    ProfileSummary s = inference();
    assertThat(Json.indented(s.json()))
        .startsWith("{\n  \"meta\": {\n    \"model\": \"LibreYOLO9t.pt\"\n  },\n  \"real\": {")
        .contains(
            "\"real\": {\n    \"step_ms\": 31.25,\n    \"img_per_s\": 32.0,\n"
                + "    \"dataload_ms\": 0.0,\n    \"dataload_frac\": 0.0\n  }",
            "\"p90_ms\": null",
            "\"n\": 8",
            "\"stages_ms\": {\n    \"preprocess\": 1.25,",
            "\"bound\": null,\n  \"bound_why\": \"\"\n}");
    assertThat(ProfileSummary.of(s.json())).isEqualTo(s);
    ProfileSummary judged = s.withVerdict("compute", "forward dominates");
    assertThat(Json.indented(judged.json()))
        .endsWith("\"bound\": \"compute\",\n  \"bound_why\": \"forward dominates\"\n}");
    assertThat(ProfileSummary.of(judged.json())).isEqualTo(judged);
    // the stage that took no time is no phase the profiler's cost is measured against
    assertThat(s.untracedPhaseMs())
        .containsExactly(Map.entry("preprocess", 1.25), Map.entry("forward", 30.0));
  }

  @Test
  void aTrainingRunsSummaryKeepsItsOwnOrder() {
    ProfileSummary s =
        new ProfileSummary(
            null,
            new ProfileSummary.TrainingWindow(5, 20, 10),
            ProfileSummary.Real.training(100.0, 10.0, 90.0, 160.0, 0.1),
            Map.of("forward", 40.0),
            40.0,
            null,
            null,
            "compute",
            "",
            "trace.json",
            null);
    assertThat(Json.compact(s.json()))
        .isEqualTo(
            "{\"window\": {\"warmup\": 5, \"real_steps\": 20, \"synced_steps\": 10},"
                + " \"real\": {\"step_ms\": 100.0, \"dataload_ms\": 10.0, \"compute_ms\": 90.0,"
                + " \"img_per_s\": 160.0, \"dataload_frac\": 0.1},"
                + " \"composition_ms\": {\"forward\": 40.0}, \"composition_total_ms\": 40.0,"
                + " \"bound\": \"compute\", \"bound_why\": \"\", \"trace\": \"trace.json\"}");
    assertThat(ProfileSummary.of(s.json())).isEqualTo(s);
  }

  @Test
  void theReferencesFileIsReadAsItsAnalyserReadsIt() throws Exception {
    ProfileSummary s =
        ProfileSummary.of(
            Json.MAPPER.readTree(
                "{\"meta\": \"not an object\", \"real\": {\"step_ms\": 120, \"img_per_s\": null},"
                    + " \"composition_ms\": {\"forward\": 4, \"backward\": \"x\"},"
                    + " \"bound\": 3, \"analysis\": {\"peak_vram_mb\": 1234}}"));
    assertThat(s.config()).isNull();
    assertThat(s.real().stepMs()).isEqualTo(new Num(120, true));
    assertThat(s.real().imgPerS()).isNull();
    assertThat(s.compositionMs()).containsExactly(Map.entry("forward", 4.0));
    assertThat(s.bound()).isNull();
    assertThat(s.boundWhy()).isEmpty();
    assertThat(s.peakVramMb()).isEqualTo(new Num(1234, true));
    assertThat(ProfileSummary.of(Json.MAPPER.readTree("[1, 2]"))).isEqualTo(ProfileSummary.EMPTY);
  }
}
