package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.fork.Forks;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;

/**
 * Nothing writes to stderr while iterations are timed (docs/measurement.md): a fresh JVM measures
 * the built-in network and every line its native and Java sides wrote between the start and the end
 * of the measurement is counted. libtorch's NNPACK warning fired on every convolution before.
 */
class QuietTimingTest {
  static final String START = "quiet-timing:start";
  static final String END = "quiet-timing:end";

  @TempDir Path dir;

  /**
   * The fork: boots the engine (where the warnings are dealt with) and measures once, so what
   * libtorch says once per process is said; then measures again between the markers: a warning that
   * fires per call would land there.
   */
  public static void main(String[] args) throws Exception {
    Engines.boot(1);
    InferOptions o =
        InferProfilerTest.options(
            Path.of(args[0]), 128, 1, 2, 1, false, null, NmsOptions.DEFAULT, 1);
    InferProfiler.run(o, Progress.NONE);
    System.err.println(START + " " + Engines.nativeWarnings());
    InferProfiler.run(
        InferProfilerTest.options(
            Path.of(args[0]), 128, 2, 8, 1, false, null, NmsOptions.DEFAULT, 1),
        Progress.NONE);
    System.err.println(END);
  }

  @Test
  @Tag("slow")
  void noLineIsWrittenWhileTheIterationsAreTimed() throws Exception {
    Path log = dir.resolve("fork.log");
    Forks.run(
        Forks.Jvm.current(),
        QuietTimingTest.class.getName(),
        List.of(dir.resolve("p").toString()),
        log,
        "the quiet-timing fork");
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    int start = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      start = lines.get(i).startsWith(START) ? i : start;
      end = lines.get(i).equals(END) ? i : end;
    }
    assertThat(start).as("start marker in %s", lines).isGreaterThanOrEqualTo(0);
    assertThat(end).as("end marker in %s", lines).isGreaterThan(start);
    assertThat(lines.subList(start + 1, end)).as("lines written while timing").isEmpty();
  }
}
