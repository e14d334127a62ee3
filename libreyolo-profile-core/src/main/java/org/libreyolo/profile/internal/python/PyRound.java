package org.libreyolo.profile.internal.python;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Python's {@code round(x, n)}: half-to-even on the exact binary value of the double. */
public final class PyRound {
  private PyRound() {}

  public static double round(double x, int digits) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    return new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN).doubleValue();
  }

  /** Python's {@code round(x)} to an integer (half-to-even). */
  public static long roundToLong(double x) {
    return new BigDecimal(x).setScale(0, RoundingMode.HALF_EVEN).longValue();
  }

  /** {@code f"{x:.Nf}"} formatting (Python formats the exact binary value, half-to-even). */
  public static String format(double x, int digits) {
    return new BigDecimal(x).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
  }
}
