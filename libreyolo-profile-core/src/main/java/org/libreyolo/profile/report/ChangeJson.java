package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.internal.python.PyRound;

/**
 * The one way every JSON result writes a change and its interval (a verdict's evidence): fractions
 * rounded to four decimals as Python's {@code round} does, so a check, an A/B, a versions A/B, a
 * bisect and the history all read alike. Two shapes, both kept for their readers: the flat {@code
 * change, ci_low, ci_high} of a metric row and the {@code change, ci: [low, high]} of a timing
 * block.
 */
final class ChangeJson {
  private ChangeJson() {}

  /** Decimals of a fraction (a change, an interval's end, a detectable change) in JSON. */
  private static final int DECIMALS = 4;

  /**
   * @param v a change, an interval's end or a detectable change, as a fraction; may be null
   * @return it rounded as every result writes it, or null
   */
  static Double round(Double v) {
    return v == null ? null : PyRound.round(v, DECIMALS);
  }

  /** Writes {@code change, ci_low, ci_high}. */
  static void flat(ObjectNode n, Double change, Double low, Double high) {
    n.put("change", round(change));
    n.put("ci_low", round(low));
    n.put("ci_high", round(high));
  }

  /** Writes {@code ci: [low, high]}. */
  static void interval(ObjectNode n, Double low, Double high) {
    n.putArray("ci").add(round(low)).add(round(high));
  }
}
