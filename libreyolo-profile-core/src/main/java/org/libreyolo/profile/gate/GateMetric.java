package org.libreyolo.profile.gate;

import java.util.Arrays;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;

/**
 * A metric the stored-baseline gate judges: its key (as {@code metrics} names it), its words and
 * unit, which way is worse, and how it is read from a profile. The gate judges time per block; a
 * metric reports that change in its own direction (throughput is batch / time).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum GateMetric {
  /** Throughput: higher is better. */
  IMG_PER_S(ProfileKeys.IMG_PER_S, "throughput", "images/s", false),
  /** Median latency: lower is better. */
  LATENCY_P50_MS("latency_p50_ms", "latency p50", "time per image", true);

  private final String key;
  private final String label;
  private final String unit;
  private final boolean lowerIsBetter;

  GateMetric(String key, String label, String unit, boolean lowerIsBetter) {
    this.key = key;
    this.label = label;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
  }

  /** {@return the key, as {@code metrics} and the JSON name it} */
  public String key() {
    return key;
  }

  /** {@return the metric in words with its unit, e.g. "throughput (images/s)"} */
  public String words() {
    return label + " (" + unit + ")";
  }

  /** {@return whether a lower value is better (a time), not a higher one (a rate)} */
  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /**
   * The metric's value in a profile.
   *
   * @param p the profile
   * @return its value, or null when the profile has none
   */
  public Num read(Profile p) {
    return lowerIsBetter ? (p.latency() == null ? null : p.latency().p50()) : p.imgPerS();
  }

  /**
   * A relative change of time per block as this metric's relative change: the same for a time,
   * {@code 1 / (1 + r) - 1} for a rate.
   *
   * @param timeChange the relative change of time
   * @return the metric's relative change
   */
  public double fromTimeChange(double timeChange) {
    return lowerIsBetter ? timeChange : 1 / (1 + timeChange) - 1;
  }

  /**
   * The metric a key names.
   *
   * @param key e.g. {@code img_per_s}
   * @return the metric
   * @throws LibreYoloException naming the supported keys when the key is unknown
   */
  public static GateMetric of(String key) {
    for (GateMetric m : values()) {
      if (m.key.equals(key)) {
        return m;
      }
    }
    throw LibreYoloException.badInput(
        "unknown gate metric '" + key + "': use " + String.join(", ", keys()));
  }

  /** {@return every metric's key, in declaration order} */
  public static List<String> keys() {
    return Arrays.stream(values()).map(GateMetric::key).toList();
  }
}
