package org.libreyolo.profile.bench;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The bench's one table: metric, value, target, one row at a time (flushed, so a long run shows
 * progress).
 */
final class Table {
  private final PrintWriter out;

  Table(PrintWriter out) {
    this.out = out;
  }

  void row(String metric, String value, String target) {
    out.println(String.format(Locale.ROOT, "%-40s %12s %14s", metric, value, target));
    out.flush();
  }

  static String f(double v, int digits) {
    return String.format(Locale.ROOT, "%." + digits + "f", v);
  }
}
