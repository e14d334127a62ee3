package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Json;

/**
 * {@code profile history}: Otava's CSV in, change points and the CSV out, bad input in one line.
 */
class HistoryCommandTest {
  @TempDir Path dir;

  private Path series(int n, int step) throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    StringBuilder csv = new StringBuilder("time,commit,throughput\n");
    for (int i = 0; i < n; i++) {
      double level = i < step ? 100 : 110;
      csv.append(
          String.format(
              Locale.ROOT,
              "%d,c%d,%.3f%n",
              1_700_000_000L + 3600L * i,
              i,
              level * (1 + 0.01 * (r.nextDouble() - 0.5))));
    }
    Path file = dir.resolve("series.csv");
    Files.writeString(file, csv);
    return file;
  }

  @Test
  void importChangesAndExportRoundTrip() throws Exception {
    String history = "jdbc:sqlite:" + dir.resolve("h.db");
    Path csv = series(200, 120);
    CliTest.Result imp =
        CliTest.run(
            "profile",
            "history",
            "import",
            csv.toString(),
            "--series",
            "otava",
            "--history",
            history);
    assertThat(imp.code()).as(imp.err()).isZero();
    assertThat(imp.out()).contains("imported 200 runs");
    CliTest.Result changes =
        CliTest.run(
            "profile", "history", "changes", "--series", "otava", "--json", "--history", history);
    assertThat(changes.code()).as(changes.err()).isZero();
    JsonNode cp = Json.MAPPER.readTree(changes.out()).get("change_points");
    assertThat(cp).hasSize(1);
    assertThat(cp.get(0).get("index").asInt()).isEqualTo(120);
    assertThat(cp.get(0).get("commit").asText()).isEqualTo("c120");
    assertThat(cp.get(0).get("change_percent").asDouble()).isBetween(9.0, 11.0);
    CliTest.Result text =
        CliTest.run("profile", "history", "changes", "--series", "otava", "--history", history);
    assertThat(text.out()).contains("1 change point", "#120", "commit c120");
    Path out = dir.resolve("out.csv");
    CliTest.Result export =
        CliTest.run(
            "profile",
            "history",
            "export",
            "--series",
            "otava",
            "--out",
            out.toString(),
            "--history",
            history);
    assertThat(export.code()).as(export.err()).isZero();
    assertThat(Files.readAllLines(out))
        .hasSize(201)
        .first()
        .isEqualTo("time,commit,branch,throughput");
    CliTest.Result again =
        CliTest.run(
            "profile",
            "history",
            "import",
            out.toString(),
            "--series",
            "copy",
            "--history",
            history);
    assertThat(again.code()).as(again.err()).isZero();
    CliTest.Result list = CliTest.run("profile", "history", "list", "--history", history);
    assertThat(list.out()).contains("2 series", "copy", "otava", "200 runs");
  }

  @Test
  void badInputIsOneLineAndExitTwo() throws Exception {
    String history = "jdbc:sqlite:" + dir.resolve("h.db");
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "time,commit,throughput\n1700000000,a,1\n1700003600,b,n/a\n");
    CliTest.Result r =
        CliTest.run(
            "profile", "history", "import", bad.toString(), "--series", "s", "--history", history);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .hasLineCount(1)
        .contains("line 3, column throughput: 'n/a' is not a number", "--attributes");
    CliTest.Result list = CliTest.run("profile", "history", "list", "--history", history);
    assertThat(list.out()).contains("0 series"); // nothing of the bad file was stored
    assertThat(dir.resolve("h.db")).as("no new empty database is left").doesNotExist();
    r = CliTest.run("profile", "history", "changes", "--series", "nope", "--history", history);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).hasLineCount(1).contains("no series 'nope'");
    CliTest.Result imp =
        CliTest.run(
            "profile",
            "history",
            "import",
            series(60, 30).toString(),
            "--series",
            "s",
            "--history",
            history);
    assertThat(imp.code()).isZero();
    r =
        CliTest.run(
            "profile",
            "history",
            "changes",
            "--series",
            "s",
            "--metric",
            "latency",
            "--history",
            history);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).hasLineCount(1).contains("has no metric 'latency'", "throughput");
    r = CliTest.run("profile", "history", "list", "--history", "jdbc:postgresql://localhost:1/x");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .hasLineCount(1)
        .contains("cannot reach the history database at localhost:1", "--history");
    r =
        CliTest.run(
            "profile",
            "history",
            "changes",
            "--series",
            "s",
            "--window",
            "3",
            "--history",
            history);
    assertThat(r.err()).hasLineCount(1).contains("--window must be >= 10 runs");
  }
}
