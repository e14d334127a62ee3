package org.libreyolo.profile.internal.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Small inline-SVG chart builders: axes with ticks and units, histogram, CDF, stacked bar, vertical
 * bars with a mean band, and a diverging bar chart. No scripts, no external resources.
 */
public final class Svg {
  static final int W = 560;
  static final int H = 260;
  static final int LEFT = 56;
  static final int RIGHT = 16;
  static final int TOP = 16;
  static final int BOTTOM = 44;

  /** Consistent colours: kernel categories and phases keep theirs across every chart. */
  static final Map<String, String> COLORS =
      Map.ofEntries(
          Map.entry("gemm / conv", "#4e79a7"),
          Map.entry("reduction / norm", "#f28e2b"),
          Map.entry("layout / copy", "#59a14f"),
          Map.entry("elementwise", "#b07aa1"),
          Map.entry("other", "#9c9c9c"),
          Map.entry(ProfileSchema.DATALOAD, "#e15759"),
          Map.entry(ProfileSchema.TO_DEVICE, "#76b7b2"),
          Map.entry(ProfileSchema.PREPROCESS, "#edc948"),
          Map.entry(ProfileSchema.FORWARD, "#4e79a7"),
          Map.entry(ProfileSchema.BACKWARD, "#f28e2b"),
          Map.entry(ProfileSchema.POSTPROCESS, "#59a14f"),
          Map.entry(ProfileSchema.OPTIMIZER, "#b07aa1"),
          Map.entry("unphased", "#bab0ac"));

  static final String[] SERIES = {"#4e79a7", "#e15759"};

  private Svg() {}

  static String color(String key) {
    return COLORS.getOrDefault(
        key, "#" + Integer.toHexString(0x404040 | (key.hashCode() & 0x7f7f7f)));
  }

  static String open(String cls, String title, int width, int height) {
    return "<svg class=\""
        + cls
        + "\" width=\""
        + width
        + "\" height=\""
        + height
        + "\" viewBox=\"0 0 "
        + width
        + " "
        + height
        + "\" role=\"img\" aria-label=\""
        + Html.esc(title)
        + "\">"
        + "<title>"
        + Html.esc(title)
        + "</title>";
  }

  static String text(double x, double y, String s, String anchor, String extra) {
    return "<text x=\""
        + n(x)
        + "\" y=\""
        + n(y)
        + "\" text-anchor=\""
        + anchor
        + "\" "
        + extra
        + ">"
        + Html.esc(s)
        + "</text>";
  }

  static String n(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  /** A "nice" tick step for a range. */
  static double tick(double range, int target) {
    double raw = range / Math.max(1, target);
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double[] steps = {1, 2, 2.5, 5, 10};
    for (double s : steps) {
      if (raw <= s * mag) {
        return s * mag;
      }
    }
    return 10 * mag;
  }

  /** Axes with tick labels; returns the SVG fragment. x range [x0,x1], y range [0,y1]. */
  static String axes(
      double x0, double x1, double y1, String xLabel, String yLabel, boolean percentY) {
    return axes(x0, x1, y1, xLabel, yLabel, percentY, 0);
  }

  /** With {@code xStep > 0} the x ticks use that step (e.g. 1 for trial numbers). */
  static String axes(
      double x0,
      double x1,
      double y1,
      String xLabel,
      String yLabel,
      boolean percentY,
      double xStep) {
    StringBuilder s = new StringBuilder();
    double pw = W - LEFT - RIGHT;
    double ph = H - TOP - BOTTOM;
    s.append("<g class=\"axis\" stroke=\"#333\" stroke-width=\"1\">");
    s.append("<line x1=\"")
        .append(LEFT)
        .append("\" y1=\"")
        .append(H - BOTTOM)
        .append("\" x2=\"")
        .append(W - RIGHT)
        .append("\" y2=\"")
        .append(H - BOTTOM)
        .append("\"/>");
    s.append("<line x1=\"")
        .append(LEFT)
        .append("\" y1=\"")
        .append(TOP)
        .append("\" x2=\"")
        .append(LEFT)
        .append("\" y2=\"")
        .append(H - BOTTOM)
        .append("\"/></g>");
    double xs = xStep > 0 ? xStep : tick(x1 - x0, 6);
    for (double v = Math.ceil(x0 / xs) * xs; v <= x1 + 1e-9; v += xs) {
      double x = LEFT + (v - x0) / (x1 - x0) * pw;
      s.append("<line x1=\"")
          .append(n(x))
          .append("\" y1=\"")
          .append(H - BOTTOM)
          .append("\" x2=\"")
          .append(n(x))
          .append("\" y2=\"")
          .append(H - BOTTOM + 4)
          .append("\" stroke=\"#333\"/>");
      s.append(text(x, H - BOTTOM + 16, fmt(v), "middle", "font-size=\"11\""));
    }
    double ys = tick(y1, 4);
    for (double v = 0; v <= y1 + 1e-9; v += ys) {
      double y = H - BOTTOM - v / y1 * ph;
      s.append("<line x1=\"")
          .append(LEFT - 4)
          .append("\" y1=\"")
          .append(n(y))
          .append("\" x2=\"")
          .append(LEFT)
          .append("\" y2=\"")
          .append(n(y))
          .append("\" stroke=\"#333\"/>");
      s.append(
          text(LEFT - 6, y + 4, percentY ? fmt(v * 100) + "%" : fmt(v), "end", "font-size=\"11\""));
    }
    s.append(text(LEFT + pw / 2, H - 8, xLabel, "middle", "font-size=\"12\" class=\"axis-label\""));
    s.append("<text x=\"14\" y=\"")
        .append(n(TOP + ph / 2))
        .append("\" transform=\"rotate(-90 14 ")
        .append(n(TOP + ph / 2))
        .append(")\" text-anchor=\"middle\" font-size=\"12\" class=\"axis-label\">")
        .append(Html.esc(yLabel))
        .append("</text>");
    return s.toString();
  }

  static String fmt(double v) {
    if (Math.abs(v) >= 100 || v == Math.rint(v)) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return Math.abs(v) >= 10
        ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }

  /** A 100%-stacked horizontal bar with a legend below: parts are (label, value). */
  static String stackedBar(String title, List<String> labels, List<Double> values, String unit) {
    double total = values.stream().mapToDouble(Double::doubleValue).sum();
    int height = 34 + 20 * ((labels.size() + 1) / 2) + 10;
    StringBuilder out = new StringBuilder(open("chart stacked", title, W, height));
    double x = 8;
    double width = W - 16;
    for (int i = 0; i < labels.size(); i++) {
      double w = total > 0 ? values.get(i) / total * width : 0;
      out.append("<rect class=\"segment\" x=\"")
          .append(n(x))
          .append("\" y=\"6\" width=\"")
          .append(n(w))
          .append("\" height=\"24\" fill=\"")
          .append(color(labels.get(i)))
          .append("\"><title>")
          .append(Html.esc(labels.get(i)))
          .append(": ")
          .append(fmt(values.get(i)))
          .append(' ')
          .append(unit)
          .append("</title></rect>");
      x += w;
    }
    for (int i = 0; i < labels.size(); i++) {
      double lx = 8 + (i % 2) * (W / 2.0);
      double ly = 48 + 20 * (i / 2);
      out.append("<rect x=\"")
          .append(n(lx))
          .append("\" y=\"")
          .append(n(ly - 10))
          .append("\" width=\"12\" height=\"12\" fill=\"")
          .append(color(labels.get(i)))
          .append("\"/>");
      String pct =
          total > 0 ? String.format(Locale.ROOT, "%.1f%%", values.get(i) / total * 100) : "-";
      out.append(
          text(
              lx + 16,
              ly,
              labels.get(i) + " " + fmt(values.get(i)) + " " + unit + " (" + pct + ")",
              "start",
              "font-size=\"12\""));
    }
    return out.append("</svg>").toString();
  }

  /** Vertical bars (e.g. trial throughputs) with a mean line and a +-std band. */
  static String bars(String title, double[] values, double mean, double std, String yLabel) {
    double max = Arrays.stream(values).max().orElse(1) * 1.15;
    StringBuilder out = new StringBuilder(open("chart bars", title, W, H));
    out.append(axes(0.5, values.length + 0.5, max, "trial", yLabel, false, 1));
    double pw = W - LEFT - RIGHT;
    double ph = H - TOP - BOTTOM;
    double bandTop = H - BOTTOM - (mean + std) / max * ph;
    double bandBottom = H - BOTTOM - Math.max(0, mean - std) / max * ph;
    out.append("<rect class=\"std-band\" x=\"")
        .append(LEFT)
        .append("\" y=\"")
        .append(n(bandTop))
        .append("\" width=\"")
        .append(n(pw))
        .append("\" height=\"")
        .append(n(bandBottom - bandTop))
        .append("\" fill=\"#f28e2b\" opacity=\"0.2\"/>");
    for (int i = 0; i < values.length; i++) {
      double cx = LEFT + (i + 1 - 0.5) / values.length * pw;
      double h = values[i] / max * ph;
      out.append("<rect class=\"bar\" x=\"")
          .append(n(cx - pw / values.length * 0.3))
          .append("\" y=\"")
          .append(n(H - BOTTOM - h))
          .append("\" width=\"")
          .append(n(pw / values.length * 0.6))
          .append("\" height=\"")
          .append(n(h))
          .append("\" fill=\"#4e79a7\"><title>")
          .append(fmt(values[i]))
          .append("</title></rect>");
    }
    double my = H - BOTTOM - mean / max * ph;
    out.append("<line class=\"mean\" x1=\"")
        .append(LEFT)
        .append("\" y1=\"")
        .append(n(my))
        .append("\" x2=\"")
        .append(W - RIGHT)
        .append("\" y2=\"")
        .append(n(my))
        .append("\" stroke=\"#f28e2b\" stroke-width=\"2\"/>");
    out.append(
        text(
            W - RIGHT - 4,
            my - 4,
            "mean " + fmt(mean) + " +/- " + fmt(std),
            "end",
            "font-size=\"12\" fill=\"#b35900\""));
    return out.append("</svg>").toString();
  }

  /** Horizontal diverging bars: label, delta (after - before), in unit. */
  static String deltas(String title, List<String> labels, List<Double> deltas, String unit) {
    double max = deltas.stream().mapToDouble(d -> Math.abs(d)).max().orElse(1);
    if (max == 0) {
      max = 1;
    }
    int height = 30 + 24 * labels.size();
    StringBuilder out = new StringBuilder(open("chart deltas", title, W, height));
    double mid = 180 + (W - 200) / 2.0;
    double half = (W - 200) / 2.0;
    out.append("<line x1=\"")
        .append(n(mid))
        .append("\" y1=\"6\" x2=\"")
        .append(n(mid))
        .append("\" y2=\"")
        .append(height - 20)
        .append("\" stroke=\"#333\"/>");
    for (int i = 0; i < labels.size(); i++) {
      double y = 10 + 24 * i;
      double w = deltas.get(i) / max * half;
      out.append(text(170, y + 13, labels.get(i), "end", "font-size=\"12\""));
      out.append("<rect class=\"delta\" x=\"")
          .append(n(w >= 0 ? mid : mid + w))
          .append("\" y=\"")
          .append(n(y))
          .append("\" width=\"")
          .append(n(Math.abs(w)))
          .append("\" height=\"16\" fill=\"")
          .append(deltas.get(i) > 0 ? "#e15759" : "#59a14f")
          .append("\"/>");
      // the value goes on the other side of the zero line, clear of the bar and of the labels
      out.append(
          text(
              w >= 0 ? mid - 4 : mid + 4,
              y + 13,
              (deltas.get(i) >= 0 ? "+" : "") + fmt(deltas.get(i)) + " " + unit,
              w >= 0 ? "end" : "start",
              "font-size=\"11\""));
    }
    out.append(
        text(
            mid,
            height - 4,
            "change in " + unit + " (red: slower / more, green: faster / less)",
            "middle",
            "font-size=\"11\""));
    return out.append("</svg>").toString();
  }

  /** Verdict colours of the check report's interval plots. */
  static final Map<String, String> VERDICT_COLORS =
      Map.of(
          "REGRESSION",
          "#c0392b",
          "IMPROVED",
          "#2e7d32",
          "PASS",
          "#2e7d32",
          "INCONCLUSIVE",
          "#8a6d00");

  /**
   * A one-line interval plot of a slowdown (positive = slower): the band within the threshold, the
   * zero line, the threshold marks, the interval as a bar and the estimate as a dot, in the
   * verdict's colour. The axis always shows twice the threshold, so short intervals read in scale.
   */
  public static String interval(
      double estimate, double low, double high, double threshold, String verdict) {
    int w = 300;
    int h = 34;
    double span =
        Math.max(Math.max(2 * threshold, 0.1), Math.max(Math.abs(low), Math.abs(high)) * 1.1);
    double left = 10;
    double right = w - 10;
    java.util.function.DoubleUnaryOperator x = v -> left + (v + span) / (2 * span) * (right - left);
    String color = VERDICT_COLORS.getOrDefault(verdict, "#444");
    StringBuilder out =
        new StringBuilder(
            open(
                "chart interval",
                "change "
                    + Percentages.signedPercent(estimate)
                    + ", interval ["
                    + Percentages.signedPercent(low)
                    + ", "
                    + Percentages.signedPercent(high)
                    + "], threshold "
                    + Percentages.signedPercent(threshold),
                w,
                h));
    out.append("<rect class=\"threshold-band\" x=\"")
        .append(n(x.applyAsDouble(-threshold)))
        .append("\" y=\"4\" width=\"")
        .append(n(x.applyAsDouble(threshold) - x.applyAsDouble(-threshold)))
        .append("\" height=\"16\" fill=\"#eef0f3\"/>");
    out.append("<line x1=\"")
        .append(n(x.applyAsDouble(0)))
        .append("\" x2=\"")
        .append(n(x.applyAsDouble(0)))
        .append("\" y1=\"2\" y2=\"22\" stroke=\"#999\"/>");
    for (double mark : new double[] {-threshold, threshold}) {
      out.append("<line class=\"threshold\" x1=\"")
          .append(n(x.applyAsDouble(mark)))
          .append("\" x2=\"")
          .append(n(x.applyAsDouble(mark)))
          .append("\" y1=\"2\" y2=\"22\" stroke=\"#555\" stroke-dasharray=\"3,2\"/>");
    }
    out.append("<line class=\"ci\" x1=\"")
        .append(n(x.applyAsDouble(low)))
        .append("\" x2=\"")
        .append(n(x.applyAsDouble(high)))
        .append("\" y1=\"12\" y2=\"12\" stroke=\"")
        .append(color)
        .append("\" stroke-width=\"4\"/>");
    out.append("<circle class=\"estimate\" cx=\"")
        .append(n(x.applyAsDouble(estimate)))
        .append("\" cy=\"12\" r=\"5\" fill=\"")
        .append(color)
        .append("\"/>");
    out.append(text(left, 32, "faster", "start", "font-size=\"10\""));
    out.append(
        text(
            x.applyAsDouble(threshold),
            32,
            Percentages.signedPercent(threshold),
            "middle",
            "font-size=\"10\""));
    out.append(text(right, 32, "slower", "end", "font-size=\"10\""));
    return out.append("</svg>").toString();
  }
}
