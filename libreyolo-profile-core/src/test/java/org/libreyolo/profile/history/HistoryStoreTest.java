package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.report.HistoryViews;

/** The store on both engines: a real SQLite file and a real PostgreSQL server. */
class HistoryStoreTest {
  @TempDir Path dir;

  private String url(String engine) {
    return engine.equals("sqlite")
        ? "jdbc:sqlite:" + dir.resolve("h.db")
        : ThrowawayPostgres.freshDatabase();
  }

  private static Run run(long i, double value) {
    return new Run(
        Instant.ofEpochSecond(1_700_000_000L + i),
        "c" + i,
        "main",
        Map.of("k", "v" + i),
        Map.of("step_vs_canary", value, "img_per_s", 100 / value),
        Map.of("step_vs_canary", new double[] {value, value}));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void theSchemaIsCreatedOnFirstUseAndRunsComeBackWhole(String engine) {
    String url = url(engine);
    try (History h = History.open(url)) {
      assertThat(h.list()).isEmpty();
      h.record("infer", Map.of("cpu", "x", "threads", "1"), List.of(run(2, 2.0), run(1, 1.0)));
    }
    try (History h = History.open(url)) { // a second open reads the same version
      Series s = h.series("infer");
      assertThat(s.runs()).isEqualTo(2);
      assertThat(s.metrics()).containsExactly("img_per_s", "step_vs_canary");
      assertThat(s.testbed()).containsEntry("cpu", "x");
      List<Run> runs = h.runs(s);
      assertThat(runs).extracting(Run::commit).containsExactly("c1", "c2"); // time order
      assertThat(runs.get(0).forks().get("step_vs_canary")).containsExactly(1.0, 1.0);
      assertThat(runs.get(1).attributes()).containsEntry("k", "v2");
      assertThat(h.points(s, "step_vs_canary", "main", 1))
          .extracting(Point::value)
          .containsExactly(2.0);
      assertThat(h.points(s, "step_vs_canary", "other", 0)).isEmpty();
      LibreYoloException e =
          catchThrowableOfType(LibreYoloException.class, () -> h.points(s, "nope", null, 0));
      assertThat(e.getMessage()).contains("has no metric 'nope'", "step_vs_canary");
      e = catchThrowableOfType(LibreYoloException.class, () -> h.series("nope"));
      assertThat(e.getMessage()).contains("no series 'nope'", "infer");
    }
  }

  /** One name on two testbeds: list and a lookup by name say what splits it. */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aSeriesSplitOverTestbedsSaysWhatDiffers(String engine) {
    String url = url(engine);
    try (History h = History.open(url)) {
      h.record("infer", Map.of("cpu", "x", "threads", "1"), List.of(run(1, 1.0)));
      h.record("infer", Map.of("cpu", "x", "threads", "2"), List.of(run(2, 1.0)));
      LibreYoloException e =
          catchThrowableOfType(LibreYoloException.class, () -> h.series("infer"));
      assertThat(e.getMessage())
          .contains("measured on 2 testbeds (they differ in threads 1 / 2): name one as infer@");
    }
    assertThat(HistoryViews.listing(HistoryCommands.list(url)).lines())
        .anySatisfy(
            l ->
                assertThat(l)
                    .isEqualTo("    infer is split over 2 testbeds: they differ in threads 1 / 2"));
  }

  /** Eight writers at once, each its own connection: every run is there, each whole. */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void concurrentWritersLoseNothing(String engine) throws Exception {
    String url = url(engine);
    try (History h = History.open(url)) {
      h.record("warm", Map.of(), List.of(run(0, 1)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<?>> jobs = new ArrayList<>();
    for (int w = 0; w < 8; w++) {
      int writer = w;
      jobs.add(
          pool.submit(
              () -> {
                for (int i = 0; i < 10; i++) {
                  try (History h = History.open(url)) {
                    h.record(
                        "load",
                        Map.of("writer", "all"),
                        List.of(run(writer * 100L + i, 1 + i), run(writer * 100L + 50 + i, 2)));
                  }
                }
                return null;
              }));
    }
    // a reader while they write sees whole runs only: two metrics each
    for (int k = 0; k < 5; k++) {
      try (History h = History.open(url)) {
        if (h.list().stream().anyMatch(s -> s.name().equals("load"))) {
          assertThat(h.runs(h.series("load"))).allSatisfy(r -> assertThat(r.metrics()).hasSize(2));
        }
      }
    }
    for (Future<?> j : jobs) {
      j.get(120, TimeUnit.SECONDS);
    }
    pool.shutdown();
    try (History h = History.open(url)) {
      List<Run> runs = h.runs(h.series("load"));
      assertThat(runs).hasSize(160);
      assertThat(runs)
          .allSatisfy(
              r -> {
                assertThat(r.metrics()).hasSize(2);
                assertThat(r.forks().get("step_vs_canary")).hasSize(2);
              });
    }
  }

  /** A writer killed inside its transaction leaves nothing: the next reader sees no part of it. */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aKilledWriterLeavesNoPartialRun(String engine) throws Exception {
    String url = url(engine);
    try (History h = History.open(url)) {
      h.record("s", Map.of(), List.of(run(0, 1)));
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                KilledWriter.class.getName(),
                url)
            .redirectErrorStream(true)
            .start();
    String out = new String(child.getInputStream().readAllBytes());
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(out).contains("halting inside the transaction");
    try (History h = History.open(url)) {
      assertThat(h.runs(h.series("s"))).hasSize(1);
    }
  }

  /**
   * The child of {@link #aKilledWriterLeavesNoPartialRun}: inserts a run's first rows, then dies.
   */
  public static final class KilledWriter {
    public static void main(String[] args) throws Exception {
      Dialect d = Dialect.of(args[0]);
      var c = d.open(args[0]);
      d.begin(c, true); // as the store does
      try (var s = c.createStatement()) {
        s.execute(
            "INSERT INTO runs (series_id, time_ms, commit_id, branch, attributes) VALUES (1, 5, 'x', 'main', '{}')");
      }
      System.out.println("halting inside the transaction");
      System.out.flush();
      Runtime.getRuntime().halt(9);
    }
  }

  /**
   * A store written before runs kept their profiles (version 1) gains the table on first open and
   * keeps every run; runs recorded then carry their profiles.
   */
  @Test
  void aVersionOneStoreGainsTheProfilesTable() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("v1.db");
    try (History h = History.open(url)) {
      h.record("s", Map.of(), List.of(run(0, 1)));
    }
    try (var c = DriverManager.getConnection(url);
        var s = c.createStatement()) {
      s.execute("DROP TABLE run_profiles");
      s.execute("UPDATE libreyolo_schema SET version = 1");
    }
    org.libreyolo.profile.result.Profile p =
        org.libreyolo.profile.internal.analysis.ProfileLoader.load(
                Path.of("src/test/resources/fixtures/gpu-traces/a100-alexnet-infer.json.gz"))
            .with(
                j -> {
                  j.put("img_per_s", 250.0); // a trace has no throughput of its own
                  j.putObject("samples").putArray("latency_ms").add(4.0);
                });
    try (History h = History.open(url)) {
      h.record(
          "s",
          Map.of(),
          List.of(History.run(p, "c1", "main", Instant.ofEpochSecond(2_000_000_000L))));
      Series s = h.series("s");
      List<Point> points = h.points(s, "img_per_s", null, 0);
      assertThat(points).hasSize(2);
      assertThat(h.profile(points.get(0))).isNull(); // recorded by version 1
      assertThat(h.profile(points.get(1)).kernels())
          .extracting(k -> k.rawName() + " " + k.msPerStep() + " " + k.countPerStep())
          .isEqualTo(
              p.kernels().stream()
                  .map(k -> k.rawName() + " " + k.msPerStep() + " " + k.countPerStep())
                  .toList());
      assertThat(h.profile(points.get(1)).json().has("samples")).isFalse();
    }
    try (var c = DriverManager.getConnection(url);
        var s = c.createStatement();
        var r = s.executeQuery("SELECT version FROM libreyolo_schema")) {
      r.next();
      assertThat(r.getInt(1)).isEqualTo(2);
    }
  }

  /**
   * A change point between runs recorded with their profiles says what changed there: one job's
   * kernels on an A100, then on a V100, the runs either side diffed.
   */
  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aChangePointSaysWhatChangedWhereProfilesAreStored(String engine) throws Exception {
    String url = url(engine);
    Path traces = Path.of("src/test/resources/fixtures/gpu-traces");
    org.libreyolo.profile.result.Profile a100 =
        org.libreyolo.profile.internal.analysis.ProfileLoader.load(
            traces.resolve("a100-train-control.json.gz"));
    org.libreyolo.profile.result.Profile v100 =
        org.libreyolo.profile.internal.analysis.ProfileLoader.load(
            traces.resolve("v100-train-test.json.gz"));
    java.util.Random random = new java.util.Random(3);
    List<Run> runs = new java.util.ArrayList<>();
    for (int i = 0; i < 16; i++) {
      org.libreyolo.profile.result.Profile p = i < 8 ? a100 : v100;
      double step = p.figures().stepMs().value() * (1 + 0.01 * random.nextGaussian());
      runs.add(
          new Run(
              Instant.ofEpochSecond(1_700_000_000L + i),
              "c" + i,
              "main",
              Map.of(),
              Map.of("step_ms", step),
              Map.of(),
              p));
    }
    try (History h = History.open(url)) {
      h.record("job", Map.of(), runs);
    }
    var view =
        HistoryViews.changes(
            HistoryCommands.changes(
                url,
                "job",
                "step_ms",
                null,
                org.libreyolo.profile.history.ChangePoints.Options.defaults()));
    com.fasterxml.jackson.databind.JsonNode cp = view.json().get("change_points").get(0);
    assertThat(cp.get("index").asInt()).isEqualTo(8);
    com.fasterxml.jackson.databind.JsonNode diff = cp.get("diff");
    assertThat(diff.get("level").asText()).isEqualTo("kernels");
    assertThat(diff.get("contributors").get(0).get("name").asText())
        .isEqualTo(
            org.libreyolo.profile.diff.ProfileDiff.of(a100, v100, null, null)
                .contributors()
                .get(0)
                .name());
    assertThat(String.join("\n", view.lines())).contains("explained ");
    // the history's page says it beside the change point
    Path page = dir.resolve("history.html");
    HistoryViews.report(
        HistoryCommands.seriesRuns(
            url, "job", "step_ms", org.libreyolo.profile.history.ChangePoints.Options.defaults()),
        page);
    assertThat(java.nio.file.Files.readString(page))
        .contains(
            "<th>what changed</th>",
            "<td class=\"what\">explained ",
            "<details class=\"diff\"><summary>What changed at run 8</summary>",
            "<table class=\"diff\">");
  }

  @Test
  void aNewerSchemaIsRefusedInOneLine() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("new.db");
    try (History h = History.open(url)) {
      h.record("s", Map.of(), List.of(run(0, 1))); // a new file left empty would be removed
    }
    try (var c = DriverManager.getConnection(url);
        var s = c.createStatement()) {
      s.execute("UPDATE libreyolo_schema SET version = 7");
    }
    LibreYoloException e = catchThrowableOfType(LibreYoloException.class, () -> History.open(url));
    assertThat(e.getMessage())
        .contains("schema version 7", "reads version 2", "upgrade")
        .doesNotContain("\n");
  }

  @Test
  void aCorruptOrReadOnlyFileIsOneLine() throws Exception {
    Path corrupt = dir.resolve("corrupt.db");
    Files.writeString(
        corrupt, "this is not a database, it is a text file of some length ".repeat(200));
    LibreYoloException e =
        catchThrowableOfType(
            LibreYoloException.class, () -> History.open("jdbc:sqlite:" + corrupt));
    assertThat(e.kind()).isEqualTo(LibreYoloException.Kind.BAD_INPUT);
    assertThat(e.getMessage())
        .contains(corrupt.toString(), "not a readable SQLite database")
        .doesNotContain("\n");
    Path readOnly = dir.resolve("ro.db");
    try (History h = History.open("jdbc:sqlite:" + readOnly)) {
      h.record("s", Map.of(), List.of(run(0, 1)));
    }
    assertThat(readOnly.toFile().setWritable(false, false)).isTrue();
    e =
        catchThrowableOfType(
            LibreYoloException.class, () -> History.open("jdbc:sqlite:" + readOnly));
    assertThat(e.getMessage()).contains(readOnly.toString(), "read-only").doesNotContain("\n");
  }

  @Test
  void anUnreachableServerIsOneLineNamingHostAndPortWithinTenSeconds() throws Exception {
    int port;
    try (var s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    long t0 = System.nanoTime();
    String url = "jdbc:postgresql://localhost:" + port + "/db?user=x";
    LibreYoloException e = catchThrowableOfType(LibreYoloException.class, () -> History.open(url));
    assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
    assertThat(e.getMessage())
        .contains("cannot reach the history database at localhost:" + port)
        .doesNotContain("\n");
    e = catchThrowableOfType(LibreYoloException.class, () -> History.open("mysql://x"));
    assertThat(e.getMessage()).contains("history must be a JDBC URL");
  }
}
