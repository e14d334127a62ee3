package org.libreyolo.profile.internal.compare;

import java.math.BigDecimal;
import java.math.MathContext;
import org.libreyolo.profile.LibreYoloException;

/**
 * The one check of the gate's own fractions on every surface: a significance level and the slowdown
 * that counts both lie within (0, 1). A value of 1 or more is almost always a percentage typed as a
 * number ({@code 5} for 5%): the error says what it means and what was meant, since a threshold of
 * 500% is a gate that can only pass.
 */
public final class Fractions {
  private Fractions() {}

  /**
   * A significance level.
   *
   * @param alpha the value given
   * @param key the option's name on the surface ({@code alpha}, {@code abAlpha})
   */
  public static void checkAlpha(double alpha, String key) {
    check(alpha, key, "a significance level");
  }

  /**
   * The slowdown the gate tolerates.
   *
   * @param maxRegression the value given
   * @param key the option's name on the surface ({@code maxRegression}, {@code abMaxRegression})
   */
  public static void checkMaxRegression(double maxRegression, String key) {
    check(maxRegression, key, "a fraction (0.05 = 5%)");
  }

  private static void check(double v, String key, String what) {
    if (v > 0 && v < 1) {
      return;
    }
    String message = "{" + key + "} must be " + what + " within (0, 1), got " + plain(v) + hint(v);
    throw LibreYoloException.badInput(message);
  }

  private static String hint(double v) {
    if (!(v >= 1 && v < 100)) {
      return "";
    }
    return ": " + plain(v) + " means " + plain(v * 100) + "%: did you mean " + plain(v / 100) + "?";
  }

  /** Short decimal text: 5, 500, 0.05 (ten significant digits hide the binary fraction). */
  private static String plain(double v) {
    if (!Double.isFinite(v)) {
      return String.valueOf(v);
    }
    return new BigDecimal(v, new MathContext(10)).stripTrailingZeros().toPlainString();
  }
}
