package org.libreyolo.profile.internal.report;

import static org.libreyolo.profile.internal.report.Svg.*;

import java.util.Arrays;
import java.util.List;

/** Distributions as inline SVG: a latency histogram and the empirical CDFs of two samples. */
public final class DistributionSvg {
  private DistributionSvg() {}

  /** Histogram of samples with p50/p90/p99 markers. */
  public static String histogram(
      double[] samples, double[] marks, String[] markNames, String unit) {
    double[] s = samples.clone();
    Arrays.sort(s);
    double lo = s[0];
    double hi = s[s.length - 1] == lo ? lo + 1 : s[s.length - 1];
    int bins = Math.max(5, Math.min(30, (int) Math.ceil(Math.sqrt(s.length))));
    int[] counts = new int[bins];
    for (double v : s) {
      counts[Math.min(bins - 1, (int) ((v - lo) / (hi - lo) * bins))]++;
    }
    int max = Arrays.stream(counts).max().orElse(1);
    double pw = W - LEFT - RIGHT;
    double ph = H - TOP - BOTTOM;
    // the tallest bar stops below the percentile labels' band: a label never sits on a bar
    double band = labelBand(marks);
    double axisMax = max * ph / (ph - band);
    StringBuilder out = new StringBuilder(open("chart histogram", "latency histogram", W, H));
    out.append(axes(lo, hi, axisMax, "latency (" + unit + ")", "iterations", false));
    for (int b = 0; b < bins; b++) {
      double x = LEFT + b * pw / bins;
      double h = counts[b] / axisMax * ph;
      out.append("<rect class=\"bin\" x=\"")
          .append(n(x + 1))
          .append("\" y=\"")
          .append(n(H - BOTTOM - h))
          .append("\" width=\"")
          .append(n(pw / bins - 2))
          .append("\" height=\"")
          .append(n(h))
          .append("\" fill=\"#4e79a7\"><title>")
          .append(counts[b])
          .append(" iterations</title></rect>");
    }
    out.append(markers(marks, markNames, lo, hi));
    return out.append("</svg>").toString();
  }

  /** Room for a legend entry: its swatch and a short name ("before", "this run"). */
  private static final int LEGEND_WIDTH = 90;

  /** One or two empirical CDFs, with optional percentile markers. */
  public static String cdf(
      List<double[]> series, List<String> names, double[] marks, String[] markNames, String unit) {
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    for (double[] s : series) {
      for (double v : s) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    if (hi == lo) {
      hi = lo + 1;
    }
    StringBuilder out = new StringBuilder(open("chart cdf", "latency CDF", W, H));
    out.append(axes(lo, hi, 1, "latency (" + unit + ")", "fraction of iterations", true));
    double pw = W - LEFT - RIGHT;
    double ph = H - TOP - BOTTOM;
    for (int k = 0; k < series.size(); k++) {
      double[] s = series.get(k).clone();
      Arrays.sort(s);
      StringBuilder path = new StringBuilder();
      for (int i = 0; i < s.length; i++) {
        double x = LEFT + (s[i] - lo) / (hi - lo) * pw;
        double y0 = H - BOTTOM - (double) i / s.length * ph;
        double y1 = H - BOTTOM - (double) (i + 1) / s.length * ph;
        path.append(i == 0 ? "M" : "L")
            .append(n(x))
            .append(' ')
            .append(n(y0))
            .append(" L")
            .append(n(x))
            .append(' ')
            .append(n(y1));
      }
      out.append("<path class=\"cdf-line\" d=\"")
          .append(path)
          .append("\" fill=\"none\" stroke=\"")
          .append(SERIES[k % 2])
          .append("\" stroke-width=\"2\"/>");
      // a swatch in the series' colour beside a dark label: readable, and unmistakably which line
      // is which
      // the legend sits bottom right, where a CDF never runs (it has risen by then), away from
      // the percentile labels along the top
      double legendY = H - BOTTOM - 8 - 16 * (series.size() - k);
      out.append("<rect class=\"legend-swatch\" x=\"")
          .append(n(W - RIGHT - LEGEND_WIDTH))
          .append("\" y=\"")
          .append(n(legendY))
          .append("\" width=\"14\" height=\"10\" fill=\"")
          .append(SERIES[k % 2])
          .append("\"/>");
      out.append(
          text(
              W - RIGHT - LEGEND_WIDTH + 19,
              legendY + 9,
              names.get(k),
              "start",
              "class=\"legend-label\" font-size=\"12\""));
    }
    if (marks != null) {
      out.append(markers(marks, markNames, lo, hi));
    }
    return out.append("</svg>").toString();
  }

  /** The height the percentile labels take at the top of the plot (one 13 px line each). */
  private static double labelBand(double[] marks) {
    return marks == null || marks.length == 0 ? 0 : 6 + LABEL_LINE * marks.length;
  }

  private static final int LABEL_LINE = 13;

  private static String markers(double[] marks, String[] names, double lo, double hi) {
    StringBuilder out = new StringBuilder();
    double pw = W - LEFT - RIGHT;
    for (int i = 0; i < marks.length; i++) {
      double x = LEFT + (marks[i] - lo) / (hi - lo) * pw;
      out.append("<line class=\"percentile\" x1=\"")
          .append(n(x))
          .append("\" y1=\"")
          .append(TOP)
          .append("\" x2=\"")
          .append(n(x))
          .append("\" y2=\"")
          .append(H - BOTTOM)
          .append("\" stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>");
      boolean right = x > W - RIGHT - 70;
      out.append(
          text(
              right ? x - 3 : x + 3,
              TOP + 12 + LABEL_LINE * i,
              names[i] + " " + fmt(marks[i]),
              right ? "end" : "start",
              // a white halo: the label stays readable where it crosses the bars
              "font-size=\"11\" fill=\"#c0392b\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\""));
    }
    return out.toString();
  }
}
