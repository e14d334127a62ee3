package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;

/** Otava's CSV layout: its time formats, attributes and metrics, written back as it reads them. */
class OtavaCsvTest {
  @TempDir Path dir;

  @Test
  void readsOtavasLayoutAndWritesItBack() throws Exception {
    Path csv = dir.resolve("t.csv");
    Files.writeString(
        csv,
        """
        time,commit,throughput,response_time
        2024-01-01 00:00:00 +0000,aaa,100.5,12.1
        2024-01-02T00:00:00Z,bbb,101.0,
        1704153600,ccc,99.5,12.3
        """);
    List<Run> runs = OtavaCsv.read(csv, Set.of("commit", "branch"));
    assertThat(runs).hasSize(3);
    assertThat(runs.get(0).time()).isEqualTo(Instant.parse("2024-01-01T00:00:00Z"));
    assertThat(runs.get(0).commit()).isEqualTo("aaa");
    assertThat(runs.get(0).metrics())
        .containsEntry("throughput", 100.5)
        .containsEntry("response_time", 12.1);
    assertThat(runs.get(1).metrics()).containsOnlyKeys("throughput"); // an empty cell: no value
    assertThat(runs.get(2).time()).isEqualTo(Instant.parse("2024-01-02T00:00:00Z"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    OtavaCsv.write(runs, out);
    String written = out.toString(StandardCharsets.UTF_8);
    assertThat(written.lines().findFirst()).contains("time,commit,branch,response_time,throughput");
    assertThat(written).contains("2024-01-01 00:00:00 +0000").contains("aaa,,12.1,100.5");
    Path back = dir.resolve("back.csv");
    Files.writeString(back, written);
    assertThat(OtavaCsv.read(back, Set.of("commit", "branch")))
        .extracting(Run::metrics)
        .isEqualTo(runs.stream().map(Run::metrics).toList());
  }

  @Test
  void aNonNumericValueNamesItsLineAndColumn() throws Exception {
    Path csv = dir.resolve("bad.csv");
    Files.writeString(
        csv,
        "time,commit,throughput\n2024-01-01 00:00:00 +0000,a,1.0\n2024-01-02 00:00:00 +0000,b,fast\n");
    LibreYoloException e =
        catchThrowableOfType(LibreYoloException.class, () -> OtavaCsv.read(csv, Set.of("commit")));
    assertThat(e.getMessage())
        .contains(csv + " line 3, column throughput: 'fast' is not a number")
        .doesNotContain("\n");
    Files.writeString(csv, "time,x\nyesterday,1\n");
    e = catchThrowableOfType(LibreYoloException.class, () -> OtavaCsv.read(csv, Set.of()));
    assertThat(e.getMessage()).contains("line 2, column time: 'yesterday' is not a time");
    Files.writeString(csv, "when,x\n1,2\n");
    e = catchThrowableOfType(LibreYoloException.class, () -> OtavaCsv.read(csv, Set.of()));
    assertThat(e.getMessage()).contains("no 'time' column");
  }
}
