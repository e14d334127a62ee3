package org.libreyolo.profile.report;

import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.history.ChangePoint;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.history.Series;
import org.libreyolo.profile.result.Metric;

/**
 * A series as one self-contained HTML page (docs/history.md, "The report"): the runs plotted in SVG
 * (each fork a small point, each run's value a dot, the latest run ringed), the level between
 * change points as a line, and each change point marked with its size and commit; below, the change
 * points as a table. No script, no external file: it opens from a CI artifact as it is.
 */
final class HistoryReport {
  private static final int WIDTH = 1100;
  private static final int HEIGHT = 420;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 30;
  private static final int BOTTOM = 50;

  private HistoryReport() {}

  /**
   * The page.
   *
   * @param series the series
   * @param metric the metric plotted
   * @param runs the series' runs in time order (their forks are plotted where they carry the
   *     metric)
   * @param changes the change points of the metric over those runs
   * @return the HTML
   */
  public static String html(
      Series series, String metric, List<Run> runs, List<ChangePoint> changes) {
    return html(series, metric, runs, changes, java.util.Collections.nCopies(changes.size(), null));
  }

  /**
   * The same, each change point with what changed there (the diff of the runs either side), where
   * both were recorded with their profiles.
   *
   * @param series the series
   * @param metric the metric drawn
   * @param runs its runs, in time order
   * @param changes the change points of the metric over those runs
   * @param diffs per change point, its diff or null
   * @return the page
   */
  public static String html(
      Series series,
      String metric,
      List<Run> runs,
      List<ChangePoint> changes,
      List<org.libreyolo.profile.diff.ProfileDiff> diffs) {
    List<Run> with = runs.stream().filter(r -> r.metrics().containsKey(metric)).toList();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Run r : with) {
      lo = Math.min(lo, r.metrics().get(metric));
      hi = Math.max(hi, r.metrics().get(metric));
      for (double f : r.forks().getOrDefault(metric, new double[0])) {
        lo = Math.min(lo, f);
        hi = Math.max(hi, f);
      }
    }
    if (with.isEmpty()) {
      lo = 0;
      hi = 1;
    }
    double pad = (hi - lo) * 0.08 + 1e-12;
    Scale y = new Scale(lo - pad, hi + pad, HEIGHT - BOTTOM, TOP);
    Scale x = new Scale(0, Math.max(1, with.size() - 1), LEFT, WIDTH - RIGHT);
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg id=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s over %d runs\">",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT,
            escape(metric),
            with.size()));
    axes(svg, x, y, with.size(), metric);
    for (int i = 0; i < with.size(); i++) {
      for (double f : with.get(i).forks().getOrDefault(metric, new double[0])) {
        svg.append(
            String.format(
                Locale.ROOT,
                "<circle class=\"fork\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.4\"/>",
                x.at(i),
                y.at(f)));
      }
    }
    for (int i = 0; i < with.size(); i++) {
      Run r = with.get(i);
      boolean last = i == with.size() - 1;
      svg.append(
          String.format(
              Locale.ROOT,
              "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\"><title>#%d %s %s: %.5g"
                  + "</title></circle>",
              last ? "run latest" : "run",
              x.at(i),
              y.at(r.metrics().get(metric)),
              last ? "5" : "2.6",
              i,
              r.time(),
              escape(r.commit() == null ? "" : r.commit()),
              r.metrics().get(metric)));
    }
    int from = 0;
    for (int k = 0; k <= changes.size(); k++) {
      int to = k < changes.size() ? changes.get(k).index() : with.size();
      if (to > from) {
        double level =
            k < changes.size()
                ? changes.get(k).before()
                : changes.isEmpty() ? mean(with, metric, from, to) : changes.get(k - 1).after();
        svg.append(
            String.format(
                Locale.ROOT,
                "<line class=\"level\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>",
                x.at(from),
                x.at(Math.max(from, to - 1)),
                y.at(level),
                y.at(level)));
      }
      from = to;
    }
    for (ChangePoint c : changes) {
      Run at = with.get(c.index());
      double cx = x.at(c.index() - 0.5);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line class=\"change\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>",
              cx,
              cx,
              TOP,
              HEIGHT - BOTTOM));
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"change-label\" x=\"%.1f\" y=\"%d\">%+.1f%% %s</text>",
              cx + 3,
              TOP + 12,
              100 * c.change(),
              escape(shortCommit(at.commit()))));
    }
    svg.append("</svg>");
    StringBuilder rows = new StringBuilder();
    for (int k = 0; k < changes.size(); k++) {
      ChangePoint c = changes.get(k);
      Run at = with.get(c.index());
      org.libreyolo.profile.diff.ProfileDiff d = diffs.get(k);
      rows.append(
          String.format(
              Locale.ROOT,
              "<tr><td>%d</td><td>%s</td><td>%s</td><td class=\"%s\">%+.2f%%</td>"
                  + "<td>%.5g &rarr; %.5g</td><td>%.2g</td><td class=\"what\">%s</td></tr>",
              c.index(),
              at.time(),
              escape(at.commit() == null ? "" : at.commit()),
              tone(metric, c.change()),
              100 * c.change(),
              c.before(),
              c.after(),
              c.pValue(),
              d == null ? "" : escape(DiffReport.brief(d))));
    }
    Run latest = with.isEmpty() ? null : with.get(with.size() - 1);
    return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
        + escape(series.ref())
        + " "
        + escape(metric)
        + "</title><style>"
        + STYLE
        + "</style></head><body><main data-runs=\""
        + with.size()
        + "\" data-changes=\""
        + changes.size()
        + "\"><h1>"
        + escape(series.name())
        + " <small>"
        + escape(series.testbedId())
        + " &middot; "
        + escape(metric)
        + "</small></h1><p class=\"summary\">"
        + with.size()
        + " runs, "
        + changes.size()
        + " change point"
        + (changes.size() == 1 ? "" : "s")
        + (latest == null
            ? ""
            : String.format(
                Locale.ROOT,
                "; latest %s (%s): %.5g",
                latest.time(),
                escape(latest.commit() == null ? "no commit" : latest.commit()),
                latest.metrics().get(metric)))
        + "</p>"
        + svg
        + "<p class=\"legend\"><span class=\"sw fork\"></span>fork <span class=\"sw run\"></span>run"
        + " <span class=\"sw latest\"></span>latest <span class=\"sw level\"></span>level between change points</p>"
        + "<h2>Change points</h2>"
        + (changes.isEmpty()
            ? "<p>None: the series has one level.</p>"
            : "<table><thead><tr><th>index</th><th>time</th><th>commit</th><th>change</th><th>level</th><th>p</th><th>what changed</th></tr>"
                + "</thead><tbody>"
                + rows
                + "</tbody></table>")
        + diffDetails(changes, diffs)
        + "</main></body></html>\n";
  }

  /** Per change point with a diff, the whole of it, folded. */
  private static String diffDetails(
      List<ChangePoint> changes, List<org.libreyolo.profile.diff.ProfileDiff> diffs) {
    StringBuilder out = new StringBuilder();
    for (int k = 0; k < changes.size(); k++) {
      if (diffs.get(k) != null) {
        out.append("<details class=\"diff\"><summary>What changed at run ")
            .append(changes.get(k).index())
            .append("</summary>")
            .append(DiffHtml.rows(diffs.get(k)))
            .append("</details>");
      }
    }
    return out.toString();
  }

  private static void axes(StringBuilder svg, Scale x, Scale y, int runs, String metric) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
            LEFT,
            WIDTH - RIGHT,
            HEIGHT - BOTTOM,
            HEIGHT - BOTTOM));
    svg.append(
        String.format(
            Locale.ROOT,
            "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>",
            LEFT,
            LEFT,
            TOP,
            HEIGHT - BOTTOM));
    for (int k = 0; k <= 4; k++) {
      double v = y.from + (y.to - y.from) * k / 4;
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"tick\" x=\"%d\" y=\"%.1f\">%.4g</text>",
              LEFT - 6,
              y.at(v) + 4,
              v));
    }
    int step = Math.max(1, runs / 10);
    for (int i = 0; i < runs; i += step) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<text class=\"tick x\" x=\"%.1f\" y=\"%d\">%d</text>",
              x.at(i),
              HEIGHT - BOTTOM + 16,
              i));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"label\" x=\"%d\" y=\"%d\">run (time order)</text>",
            (LEFT + WIDTH) / 2,
            HEIGHT - 10));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text class=\"label\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\">%s</text>",
            HEIGHT / 2,
            HEIGHT / 2,
            escape(axisLabel(metric))));
  }

  /**
   * The y axis: the metric with its unit and direction, e.g. "throughput (img/s), higher is
   * better".
   */
  static String axisLabel(String metric) {
    String words =
        Metric.find(metric).map(Metric::words).orElse(time(metric) ? metric + " (ms)" : metric);
    Boolean lower = lowerIsBetter(metric);
    return lower == null ? words : words + (lower ? ", lower is better" : ", higher is better");
  }

  /** Ours by the registry; an imported series a time by its name, else of unknown direction. */
  private static Boolean lowerIsBetter(String metric) {
    return Metric.find(metric)
        .map(Metric::lowerIsBetter)
        .orElse(time(metric) ? Boolean.TRUE : null);
  }

  /** An imported series named {@code ..._ms} is a time. */
  private static boolean time(String metric) {
    return metric.endsWith("_ms");
  }

  /** A change's colour by the metric's direction: worse red, better green, neutral when unknown. */
  static String tone(String metric, double change) {
    Boolean lower = lowerIsBetter(metric);
    return lower == null ? "neutral" : (change > 0) == lower ? "worse" : "better";
  }

  private static double mean(List<Run> runs, String metric, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += runs.get(i).metrics().get(metric);
    }
    return s / (to - from);
  }

  private static String shortCommit(String c) {
    return c == null ? "" : c.length() > 10 ? c.substring(0, 10) : c;
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  /** A linear map from data to pixels. */
  private record Scale(double from, double to, double pixelFrom, double pixelTo) {
    double at(double v) {
      return pixelFrom + (v - from) / (to - from) * (pixelTo - pixelFrom);
    }
  }

  private static final String STYLE =
      "body{font:14px system-ui,sans-serif;margin:0;background:#fafafa;color:#222}"
          + "main{max-width:1140px;margin:0 auto;padding:16px}h1{font-size:20px}small{color:#666;font-weight:normal}"
          + "svg{background:#fff;border:1px solid #ddd;max-width:100%;height:auto}.axis{stroke:#888}.tick{font-size:11px;"
          + "fill:#555;text-anchor:end}.tick.x{text-anchor:middle}.label{font-size:12px;fill:#444;text-anchor:middle}"
          + ".fork{fill:#5f7592;opacity:.8}.run{fill:#1f5fa8}.latest{fill:#fff;stroke:#d62728;stroke-width:2.5}"
          + ".level{stroke:#2ca02c;stroke-width:2.5}.change{stroke:#d62728;stroke-dasharray:4 3}.change-label{font-size:12px;"
          + "fill:#d62728}table{border-collapse:collapse;margin-top:8px}td,th{border-bottom:1px solid #ddd;padding:4px 10px;"
          + "text-align:left}.worse{color:#d62728}.better{color:#2ca02c}.neutral{color:#555}.legend{color:#555}.sw{display:inline-block;width:10px;"
          + "height:10px;border-radius:5px;margin:0 4px 0 12px}.sw.fork{background:#5f7592}.sw.run{background:#1f5fa8}"
          + ".sw.latest{border:2.5px solid #d62728;width:6px;height:6px}.sw.level{background:#2ca02c;height:3px;border-radius:0}";
}
