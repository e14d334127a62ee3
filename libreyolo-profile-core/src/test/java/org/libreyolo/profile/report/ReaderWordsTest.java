package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.internal.lens.WhatIf;
import org.libreyolo.profile.internal.report.CompareText;
import org.libreyolo.profile.internal.report.LensText;
import org.libreyolo.profile.options.KernelQuery;
import org.libreyolo.profile.result.Profile;

/** CPU profiles read as CPU in every lens; GPU profiles keep the reference's words. */
class ReaderWordsTest {
  private static Profile cpu() {
    return new Profile(
        (ObjectNode)
            TraceAnalyzer.analyze(
                    TestEngine.fixture("djl-traces/djl-cpu-trace-forward-sample.json"))
                .json());
  }

  private static Profile gpu() {
    return new Profile(
        (ObjectNode)
            TraceAnalyzer.analyze(TestEngine.fixture("gpu-traces/a100-train-control.json.gz"))
                .json());
  }

  @Test
  void phasesCompareAndWhatIfSayCpuForCpuProfiles() {
    Profile p = cpu();
    assertThat(p.isCpu()).isTrue();
    assertThat(LensText.phases(Lenses.phases(p)).get(0))
        .contains("cpu_ms")
        .doesNotContain("gpu_ms");
    assertThat(LensText.kernels(Lenses.kernels(p, KernelQuery.defaults())).get(0))
        .startsWith("  %CPU")
        .endsWith(" TC  op  [category]");
    assertThat(CompareText.compare(Comparison.compare(p, p, "a", "b", 0.05)))
        .anySatisfy(l -> assertThat(l).startsWith("CPU busy"))
        .anySatisfy(l -> assertThat(l).startsWith("op calls/step"))
        .noneSatisfy(l -> assertThat(l).contains("GPU util"));
    String category = p.categories().get(0).name();
    assertThat(WhatIf.project(p, category, null).mechanism())
        .doesNotContain("GPU")
        .containsAnyOf("CPU", "op calls");
    // the JSON keeps the reference's keys
    assertThat(org.libreyolo.profile.internal.report.LensJson.phases(Lenses.phases(p)).toString())
        .contains("gpu_ms_per_step");
  }

  @Test
  void gpuProfilesKeepTheReferenceWords() {
    Profile p = gpu();
    assertThat(LensText.phases(Lenses.phases(p)).get(0)).contains("gpu_ms");
    assertThat(LensText.kernels(Lenses.kernels(p, KernelQuery.defaults())).get(0))
        .startsWith("  %GPU");
    assertThat(CompareText.compare(Comparison.compare(p, p, "a", "b", 0.05)))
        .anySatisfy(l -> assertThat(l).startsWith("GPU util"));
  }
}
