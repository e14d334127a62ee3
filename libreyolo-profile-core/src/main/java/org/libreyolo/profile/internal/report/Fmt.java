package org.libreyolo.profile.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Num;

/**
 * Python format-spec equivalents for text output ({@code .1f} half-even, widths, {@code str()}).
 */
public final class Fmt {
  private Fmt() {}

  /** {@code f"{v:W.Df}"}. */
  public static String f(double v, int width, int digits) {
    return right(PyRound.format(v, digits), width);
  }

  /** {@code f"{v:.Df}"}. */
  public static String f(double v, int digits) {
    return PyRound.format(v, digits);
  }

  /** {@code f"{n:Wd}"}. */
  public static String d(long n, int width) {
    return right(Long.toString(n), width);
  }

  public static String right(String s, int width) {
    return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
  }

  public static String left(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }

  /** Python's {@code str(value)} of a JSON scalar. */
  public static String str(JsonNode v) {
    return Json.str(v);
  }

  /**
   * A stored value as the HTML reports show it, in the product's words rather than Python's: {@code
   * true}/{@code false}, {@code n/a} for null, text without quotes, numbers as stored.
   */
  public static String display(JsonNode v) {
    if (v == null || v.isNull() || v.isMissingNode()) {
      return "n/a";
    }
    return v.isBoolean()
        ? Boolean.toString(v.booleanValue())
        : v.isTextual() ? v.asText() : Json.str(v);
  }

  /** {@code value or "?"}: falsy (null, 0, empty) prints {@code ?}. */
  public static String orQ(JsonNode v) {
    return falsy(v) ? "?" : Json.str(v);
  }

  /** {@code value or "?"} of a stored number. */
  public static String orQ(Num v) {
    return v == null || v.value() == 0 ? "?" : v.str();
  }

  /** {@code value or "?"} of a stored string. */
  public static String orQ(String v) {
    return v == null || v.isEmpty() ? "?" : v;
  }

  public static boolean falsy(JsonNode v) {
    return v == null
        || v.isNull()
        || v.isMissingNode()
        || (v.isNumber() && v.asDouble() == 0)
        || (v.isTextual() && v.asText().isEmpty())
        || (v.isBoolean() && !v.asBoolean());
  }

  /** {@code v} with {@code digits} decimals and an explicit sign ({@code +1.5}, {@code -0.3}). */
  /**
   * Bytes in binary units as the memory figures use them ({@code 1 MB = 1024 KB}, as {@code /proc}
   * and libtorch count): {@code 812 B}, {@code 25.0 KB}, {@code 222.9 MB}, {@code 1.27 GB}.
   */
  public static String bytes(long n) {
    double a = Math.abs((double) n);
    if (a < 1024) {
      return n + " B";
    }
    if (a < 1024.0 * 1024) {
      return f(n / 1024.0, 1) + " KB";
    }
    if (a < 1024.0 * 1024 * 1024) {
      return f(n / (1024.0 * 1024), 1) + " MB";
    }
    return f(n / (1024.0 * 1024 * 1024), 2) + " GB";
  }

  /** The pct-suffix: {@code " (+38%)"}, empty when before is falsy. */
  public static String pctSuffix(double before, double after) {
    if (before == 0) {
      return "";
    }
    double change = (after - before) / before * 100;
    // Python's :+.0f signs by the value, so -0.3 prints "-0" (a BigDecimal has no negative zero)
    boolean negative =
        change < 0 || Double.doubleToRawLongBits(change) == Double.doubleToRawLongBits(-0.0);
    return " (" + (negative ? "-" : "+") + PyRound.format(Math.abs(change), 0) + "%)";
  }
}
