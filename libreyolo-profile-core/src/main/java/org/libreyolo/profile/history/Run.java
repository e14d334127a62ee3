package org.libreyolo.profile.history;

import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.result.Profile;

/**
 * One measurement of a series: when, of which commit on which branch, its metrics' values and,
 * where it was measured in forks, each fork's value (the process is the unit: docs/history.md).
 *
 * @param time when the run was measured
 * @param commit the commit it measured, or null
 * @param branch its branch, or null
 * @param attributes other attributes (an Otava CSV's extra columns, the model file's hash), by name
 * @param metrics the run's value per metric
 * @param forks per metric, each fork's value (empty for a run measured in one process or imported)
 * @param profile the profile it was recorded from, its raw samples left out (what a diff of the
 *     runs either side of a change reads), or null for an imported run
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Run(
    Instant time,
    String commit,
    String branch,
    Map<String, String> attributes,
    Map<String, Double> metrics,
    Map<String, double[]> forks,
    Profile profile) {
  /**
   * A run without its profile (imported, or made by hand).
   *
   * @param time when the run was measured
   * @param commit the commit it measured, or null
   * @param branch its branch, or null
   * @param attributes other attributes, by name
   * @param metrics the run's value per metric
   * @param forks per metric, each fork's value
   */
  public Run(
      Instant time,
      String commit,
      String branch,
      Map<String, String> attributes,
      Map<String, Double> metrics,
      Map<String, double[]> forks) {
    this(time, commit, branch, attributes, metrics, forks, null);
  }

  /** Checks the run: a time, at least one metric, every value finite. */
  public Run {
    if (time == null) {
      throw LibreYoloException.badInput("a history run needs a time");
    }
    attributes = Map.copyOf(new TreeMap<>(attributes == null ? Map.of() : attributes));
    metrics = Map.copyOf(new TreeMap<>(metrics));
    forks = Map.copyOf(forks == null ? Map.of() : forks);
    if (metrics.isEmpty()) {
      throw LibreYoloException.badInput("a history run needs at least one metric");
    }
    metrics.forEach(
        (k, v) -> {
          if (v == null || !Double.isFinite(v)) {
            throw LibreYoloException.badInput(
                "metric " + k + " of the run at " + time + " is not a finite number: " + v);
          }
        });
  }
}
