package org.libreyolo.profile.internal.runtime.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;

/** ONNX Runtime's own profile file, given to a reader as a torch trace is (docs/onnx.md). */
class OnnxRuntimeProfileTest {
  @TempDir Path dir;

  @Test
  void theProfilersCostPerKernelIsTheWarmProfiledRunsOverTheUntracedOnes() {
    long ms = 1_000_000;
    // two cold profiled runs (30 and 25 ms) left out; the warm ones' median is 20 ms
    var p =
        new org.libreyolo.profile.internal.runtime.onnx.OnnxSession.Profiled(
            Path.of("unused"),
            List.of(
                new long[] {0, 30 * ms},
                new long[] {0, 25 * ms},
                new long[] {0, 20 * ms},
                new long[] {0, 19 * ms},
                new long[] {0, 21 * ms}),
            15.0 * ms);
    assertThat(p.costPerKernelUs(1000)).isEqualTo(5.0); // (20 - 15) ms over 1000 kernels
    assertThat(p.costPerKernelUs(0)).isNaN();
    assertThat(
            new org.libreyolo.profile.internal.runtime.onnx.OnnxSession.Profiled(
                    Path.of("unused"), List.of(new long[] {0, ms}), Double.NaN)
                .costPerKernelUs(10))
        .isNaN(); // no untraced run to compare with
  }

  @Test
  void aRawOnnxRuntimeProfileIsReadAsATraceOfItsRuns() throws Exception {
    TestEngine.boot();
    Path model = TestEngine.fixture("onnx/global_pool_classifier.onnx");
    org.libreyolo.profile.internal.runtime.onnx.OnnxSession.Profiled profiled;
    try (OnnxDetector d = new OnnxDetector(model, Engines.resolve(DeviceSpec.parse("cpu")), 1);
        NDManager m = NDManager.newBaseManager()) {
      d.session().startProfiling(dir);
      NDArray x = m.ones(new Shape(1, 3, 64, 64));
      for (int i = 0; i < 3; i++) {
        d.forward(x);
      }
      profiled = d.session().stopProfiling();
    }
    assertThat(OnnxRuntimeProfile.isOne(profiled.file())).isTrue();
    assertThat(profiled.runs()).hasSize(3);
    Profile p = ProfileLoader.load(profiled.file());
    assertThat(p.trace()).isEqualTo(profiled.file().toString());
    assertThat(p.isCpu()).as("kernels are CPU ops").isTrue();
    List<String> ops = p.ops().stream().map(ProfileRows.OpRow::op).toList();
    assertThat(ops).contains("Conv", "Gemm", "GlobalAveragePool");
    assertThat(p.figures().kernelsPerStep().asLong()).as("5 kernels per run").isEqualTo(5);

    // gzipped, as people store them: read alike
    Path gz = dir.resolve("ort_profile.json.gz");
    try (var out = new java.util.zip.GZIPOutputStream(java.nio.file.Files.newOutputStream(gz))) {
      out.write(java.nio.file.Files.readAllBytes(profiled.file()));
    }
    assertThat(OnnxRuntimeProfile.isOne(gz)).isTrue();
    Profile zipped = ProfileLoader.load(gz);
    assertThat(zipped.figures().kernelsPerStep().asLong()).isEqualTo(5);
    assertThat(zipped.ops().stream().map(ProfileRows.OpRow::op).toList())
        .containsExactlyElementsOf(ops);
  }
}
