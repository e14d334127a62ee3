package org.libreyolo.profile.history;

import java.time.Instant;
import org.libreyolo.profile.Api;

/**
 * One run's value of one metric, as the detector and the gate read a series.
 *
 * @param time when the run was measured
 * @param commit its commit, or null
 * @param branch its branch, or null
 * @param value the metric's value
 * @param run the stored run's id (0 for a point not read from a store)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Point(Instant time, String commit, String branch, double value, long run) {
  /**
   * A point not read from a store.
   *
   * @param time when the run was measured
   * @param commit its commit, or null
   * @param branch its branch, or null
   * @param value the metric's value
   */
  public Point(Instant time, String commit, String branch, double value) {
    this(time, commit, branch, value, 0);
  }
}
