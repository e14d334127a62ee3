package org.libreyolo.profile.internal.python;

/**
 * A fraction as the percentage every verdict, interval and threshold prints: one decimal, rounded
 * as Python rounds, a sign where a change has one. One rounding rule for the gate's words and the
 * reports' cells alike.
 */
public final class Percentages {
  private Percentages() {}

  /** A fraction as a percentage with one decimal: 0.052 -> "5.2%". */
  public static String percent(double fraction) {
    if (fraction >= HUGE) {
      return ">" + PyRound.format(HUGE * 100, 0) + "%";
    }
    return PyRound.format(fraction * 100, 1) + "%";
  }

  /** A fraction as a signed percentage with one decimal: 0.052 -> "+5.2%", -0.1 -> "-10.0%". */
  public static String signedPercent(double fraction) {
    if (fraction >= HUGE) {
      return ">+" + PyRound.format(HUGE * 100, 0) + "%";
    }
    return signed(fraction * 100, 1) + "%";
  }

  /**
   * Beyond this a percentage says only that it is huge: an interval over 2 JVMs (1 degree of
   * freedom, t = 63.7) printed "+6768553861195.2%", digits that mean nothing.
   */
  static final double HUGE = 100; // 10,000%

  /** A number with its sign, {@code digits} decimals as Python rounds: 5.25 -> "+5.2". */
  public static String signed(double v, int digits) {
    String s = PyRound.format(v, digits);
    return s.startsWith("-") ? s : "+" + s;
  }
}
