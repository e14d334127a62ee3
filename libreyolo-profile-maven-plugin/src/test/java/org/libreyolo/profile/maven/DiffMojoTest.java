package org.libreyolo.profile.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code diff} goal on two real GPU traces: the reader's view, in the build log. */
class DiffMojoTest {
  @TempDir Path dir;

  private static final Path TRACES =
      Path.of("../libreyolo-profile-core/src/test/resources/fixtures/gpu-traces");

  @Test
  void theDiffGoalLogsWhatChangedBetweenTwoTraces() throws Exception {
    List<String> logged = new ArrayList<>();
    DiffMojo m = new DiffMojo();
    m.outputDirectory = dir.toFile();
    m.before = new File(TRACES.resolve("a100-train-control.json.gz").toString());
    m.after = new File(TRACES.resolve("v100-train-test.json.gz").toString());
    m.top = 3;
    m.setLog(
        new SystemStreamLog() {
          @Override
          public void info(CharSequence content) {
            logged.add(content.toString());
          }
        });
    m.execute();
    assertThat(logged.get(0)).startsWith("step 77.180 -> 118.6 ms").contains("explained by");
    assertThat(logged).contains("kernels (own time, ms per step; share of the step's change)");
  }
}
