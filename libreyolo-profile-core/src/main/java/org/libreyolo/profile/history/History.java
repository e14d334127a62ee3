package org.libreyolo.profile.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.internal.io.ContentHash;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows.Blocks;

/**
 * The run history: every run of every series in one store, an embedded SQLite file by default or a
 * PostgreSQL server for a fleet of runners, chosen by its JDBC URL (docs/history.md). Writes are
 * transactions (a run is stored whole or not at all), so concurrent writers lose nothing.
 *
 * <pre>{@code
 * try (History h = History.open(null)) {              // ~/.libreyolo/profile-history.db
 *   h.record("infer", History.testbed(profile), List.of(History.run(profile, sha, "main", Instant.now())));
 *   Series s = h.series("infer");
 *   double[] level = History.values(h.points(s, Metric.STEP_VS_CANARY.key(), "main", 0));
 *   List<ChangePoint> changes = ChangePoints.detect(level, ChangePoints.Options.defaults());
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class History implements AutoCloseable {
  private final Store store;

  private History(Store store) {
    this.store = store;
  }

  /**
   * Opens the history at a JDBC URL, creating its tables on first use.
   *
   * @param url {@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://HOST:PORT/DB}; null or blank:
   *     {@link Defaults.History#url()}
   * @return the open history
   */
  public static History open(String url) {
    return new History(
        new Store(url == null || url.isBlank() ? Defaults.History.url() : url.strip()));
  }

  /**
   * Refuses a history URL this tool cannot open, or whose JDBC driver is not on the class path,
   * before any measuring (a perf test measures for seconds before it records); the store itself is
   * reached when the run is recorded.
   *
   * @param url the URL as given; null or blank is the default history
   */
  public static void checkUrl(String url) {
    if (url != null && !url.isBlank()) {
      Dialect.of(url.strip()).requireDriver(url.strip());
    }
  }

  /**
   * Stores runs of one series in one transaction.
   *
   * @param name the series' name
   * @param testbed where and what was measured ({@link #testbed(Profile)} for a profile)
   * @param runs the runs
   */
  public void record(String name, Map<String, String> testbed, List<Run> runs) {
    if (name == null || name.isBlank()) {
      throw LibreYoloException.badInput("{series} must name the series, got an empty name");
    }
    store.record(name, testbed, runs);
  }

  /**
   * The series' names, for a name the history does not have: the first ten, {@code "a, b, ..."};
   * empty for an empty history.
   *
   * @param all the history's series
   * @return the names in words
   */
  static String names(List<Series> all) {
    List<String> names = all.stream().map(Series::name).distinct().toList();
    return String.join(", ", names.subList(0, Math.min(10, names.size())))
        + (names.size() > 10 ? ", ..." : "");
  }

  /**
   * What differs between testbeds of one name, in words: {@code threads 1 / 2; cpu A / B}.
   *
   * @param testbeds series of one name on several testbeds
   * @return the differing fields with their values, or "no field differs" for one testbed
   */
  public static String differences(List<Series> testbeds) {
    java.util.Set<String> fields = new java.util.TreeSet<>();
    testbeds.forEach(t -> fields.addAll(t.testbed().keySet()));
    List<String> out = new ArrayList<>();
    for (String f : fields) {
      List<String> values =
          testbeds.stream().map(t -> t.testbed().getOrDefault(f, "none")).distinct().toList();
      if (values.size() > 1) {
        out.add(f + " " + String.join(" / ", values));
      }
    }
    return out.isEmpty() ? "no field differs" : "they differ in " + String.join("; ", out);
  }

  /**
   * The run attribute that identifies the profile a run was recorded from (its content's SHA-256).
   */
  public static final String PROFILE_SHA256 = "profile_sha256";

  /**
   * Whether the series already holds a run recorded from this profile (same content, same {@code
   * recorded_at}): recording a file twice would count one measurement as two runs.
   *
   * @param name the series' name
   * @param run the run about to be recorded ({@link #run})
   * @return whether it is there already
   */
  public boolean holds(String name, Run run) {
    String hash = run.attributes().get(PROFILE_SHA256);
    return hash != null && store.hasRun(name, PROFILE_SHA256, hash);
  }

  /**
   * Every series with its metrics and run count.
   *
   * @return the series, by name then testbed
   */
  public List<Series> list() {
    return store.list(null);
  }

  /**
   * The series a name selects: {@code NAME} when one testbed has it, {@code NAME@TESTBED}
   * otherwise.
   *
   * @param ref the series' name or {@code name@testbedId}
   * @return the series
   */
  public Series series(String ref) {
    int at = ref.lastIndexOf('@');
    List<Series> named = new ArrayList<>(store.list(ref));
    if (named.isEmpty() && at > 0) { // name@testbed
      store.list(ref.substring(0, at)).stream()
          .filter(s -> s.ref().equals(ref))
          .forEach(named::add);
    }
    if (named.size() == 1) {
      return named.get(0);
    }
    if (named.isEmpty()) {
      String names = names(list());
      throw LibreYoloException.badInput(
          "no series '"
              + ref
              + "' in the history "
              + store.where()
              + (names.isEmpty() ? " (it is empty)" : "; it has: " + names));
    }
    throw LibreYoloException.badInput(
        "series '"
            + ref
            + "' was measured on "
            + named.size()
            + " testbeds ("
            + differences(named)
            + "): name one as "
            + String.join(" or ", named.stream().map(Series::ref).toList()));
  }

  /**
   * One metric of a series, in time order.
   *
   * @param series the series
   * @param metric the metric, one of {@link Series#metrics()}
   * @param branch only runs of this branch; null: every run
   * @param last the last this many runs; 0: all
   * @return the points, oldest first
   */
  public List<Point> points(Series series, String metric, String branch, int last) {
    requireMetric(series, metric);
    return store.points(series, metric, branch, last);
  }

  /**
   * Bad input in one line when the series carries no such metric.
   *
   * @param series the series
   * @param metric the metric's name
   */
  public static void requireMetric(Series series, String metric) {
    if (!series.metrics().contains(metric)) {
      throw LibreYoloException.badInput(
          "series "
              + series.name()
              + " has no metric '"
              + metric
              + "': it has "
              + String.join(", ", series.metrics()));
    }
  }

  /**
   * Every run of a series with all its metrics, in time order.
   *
   * @param series the series
   * @return the runs, oldest first
   */
  public List<Run> runs(Series series) {
    return store.runs(series);
  }

  /**
   * The series of a name on one testbed, or null when the history has none.
   *
   * @param name the series' name
   * @param testbed its testbed's fields
   * @return the series, or null
   */
  public Series series(String name, Map<String, String> testbed) {
    String id = Store.testbedId(Store.json(testbed));
    return store.list(name).stream().filter(s -> s.testbedId().equals(id)).findFirst().orElse(null);
  }

  /**
   * Where the history is, in words.
   *
   * @return {@code file PATH} or {@code database at HOST:PORT}
   */
  public String where() {
    return store.where();
  }

  /**
   * The testbed a profile was measured on: the gate's environment fingerprint and workload fields.
   *
   * @param profile the profile
   * @return field name to value
   */
  public static Map<String, String> testbed(Profile profile) {
    return Gate.testbed(profile);
  }

  /**
   * A profile as a run: per fork the gate's unit ({@link Metric#STEP_VS_CANARY}, when the step was
   * normalised) and its step time ({@link Metric#STEP_MS}); the run's value of each is the
   * geometric mean over its forks; throughput and median latency as the profile reports them.
   *
   * @param profile the profile
   * @param commit the commit it measured, or null
   * @param branch its branch, or null
   * @param time when it was measured
   * @return the run
   */
  public static Run run(Profile profile, String commit, String branch, Instant time) {
    Map<String, Double> metrics = new TreeMap<>();
    Map<String, double[]> forks = new TreeMap<>();
    List<Blocks> processes = profile.samples().processes();
    if (!processes.isEmpty() && processes.stream().allMatch(b -> b != null && b.valid())) {
      boolean normalised = processes.stream().allMatch(Blocks::normalised);
      perFork(processes, false, Metric.STEP_MS.key(), metrics, forks);
      if (normalised) {
        perFork(processes, true, Metric.STEP_VS_CANARY.key(), metrics, forks);
      }
    }
    // the headline figures the registry records (throughput, median latency)
    for (Metric m : Metric.values()) {
      if (m.recorded()) {
        put(metrics, m.key(), m.read(profile));
      }
    }
    if (metrics.isEmpty()) {
      throw LibreYoloException.badInput(
          "the profile has no timing to record: neither blocks nor throughput");
    }
    Map<String, String> attributes = new TreeMap<>();
    var hash = profile.config().get(ProfileSchema.WEIGHTS_SHA256);
    if (hash != null && !hash.isNull()) {
      attributes.put("weights_sha256", hash.asText());
    }
    // the profile's content, recorded_at included: the same file recorded twice
    attributes.put(PROFILE_SHA256, ContentHash.sha256(Json.compact(profile.json())));
    // the rows a diff reads, not the raw samples the run's metrics already hold
    Profile kept = profile.with(j -> j.remove(ProfileSchema.SAMPLES));
    return new Run(time, commit, branch, attributes, metrics, forks, kept);
  }

  private static void perFork(
      List<Blocks> processes,
      boolean normalise,
      String metric,
      Map<String, Double> metrics,
      Map<String, double[]> forks) {
    double[] values = new double[processes.size()];
    double logSum = 0;
    for (int k = 0; k < values.length; k++) {
      double log = BlockStatistics.processValue(processes.get(k), normalise);
      values[k] = Math.exp(log);
      logSum += log;
    }
    metrics.put(metric, Math.exp(logSum / values.length));
    forks.put(metric, values);
  }

  private static void put(Map<String, Double> metrics, String name, Num n) {
    if (n != null && Double.isFinite(n.value())) {
      metrics.put(name, n.value());
    }
  }

  /**
   * The profile a stored run was recorded from (its samples left out), or null: imported, recorded
   * before profiles were kept, or a point not read from this store.
   *
   * @param point a point of this history
   * @return the profile, or null
   */
  public Profile profile(Point point) {
    return point.run() == 0 ? null : store.profile(point.run());
  }

  /**
   * The runs' values of one metric as an array, for {@link ChangePoints#detect}.
   *
   * @param points the points
   * @return their values, in order
   */
  public static double[] values(List<Point> points) {
    return points.stream().mapToDouble(Point::value).toArray();
  }

  /** Closes the connection; an open transaction is rolled back. */
  @Override
  public void close() {
    store.close();
  }
}
