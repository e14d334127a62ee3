package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate finds what the infer goal wrote last, with or without {@code repeat}. */
class GateRunTest {
  @Test
  void theLatestInferOutputIsTheRepeatAggregateOnlyWhenItIsNewer(@TempDir Path dir) throws Exception {
    Path single = dir.resolve("infer/profile.json");
    Path repeat = dir.resolve("infer_repeat.json");
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(single); // nothing yet: the default the message names
    Files.createDirectories(single.getParent());
    Files.writeString(single, "{}");
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(single);
    Files.writeString(repeat, "{}");
    Files.setLastModifiedTime(single, FileTime.fromMillis(1_000_000));
    Files.setLastModifiedTime(repeat, FileTime.fromMillis(2_000_000));
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(repeat);
    Files.setLastModifiedTime(single, FileTime.fromMillis(3_000_000)); // a later single-trial run
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(single);
    Files.delete(single); // after a repeat run only
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(repeat);
  }
}
