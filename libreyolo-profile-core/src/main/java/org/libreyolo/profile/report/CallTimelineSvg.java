package org.libreyolo.profile.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.internal.report.Html;

/**
 * The op calls of one step on both sides, in their order, each phase starting at the same place on
 * both rows (docs/diff.md): a call's width is its own time, its colour whether it moved beyond its
 * noise (red slower, blue faster). Time between the calls is left out: the rows are the calls' own
 * time laid end to end.
 */
final class CallTimelineSvg {
  private static final int WIDTH = 1160;
  private static final int LEFT = 56;
  private static final int ROW = 26;

  private CallTimelineSvg() {}

  /**
   * The timeline, or null without op calls.
   *
   * @param calls the diff's op call rows (any order)
   * @return the SVG, or null
   */
  static String svg(List<DiffRow> calls) {
    List<DiffRow> inOrder =
        calls.stream()
            .filter(r -> r.order() >= 0)
            .sorted(Comparator.comparingInt(DiffRow::order))
            .toList();
    if (inOrder.isEmpty()) {
      return null;
    }
    Map<String, List<DiffRow>> phases = new LinkedHashMap<>();
    inOrder.forEach(
        r ->
            phases
                .computeIfAbsent(r.phase() == null ? "" : r.phase(), p -> new ArrayList<>())
                .add(r));
    double total = 0;
    for (List<DiffRow> rows : phases.values()) {
      total += Math.max(sum(rows, true), sum(rows, false));
    }
    if (total <= 0) {
      return null;
    }
    double scale = (WIDTH - LEFT - 4) / total;
    StringBuilder s = new StringBuilder();
    double x = LEFT;
    for (Map.Entry<String, List<DiffRow>> phase : phases.entrySet()) {
      double width = Math.max(sum(phase.getValue(), true), sum(phase.getValue(), false)) * scale;
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%.1f\" y=\"14\" width=\"%.1f\" height=\"%d\" fill=\"#f3f4f6\"/>"
                  + "<text x=\"%.1f\" y=\"11\">%s</text>",
              x,
              width,
              2 * ROW + 4,
              x + 2,
              Html.esc(phase.getKey())));
      for (int side = 0; side < 2; side++) {
        boolean before = side == 0;
        double cx = x;
        for (DiffRow r : phase.getValue()) {
          double w = (before ? r.before() : r.after()) * scale;
          if (w >= 0.3) {
            s.append(call(r, cx, 16 + side * ROW, w));
          }
          cx += w;
        }
      }
      x += width;
    }
    int height = 2 * ROW + 22;
    return FlameDiffSvg.frame(
        "call-timeline",
        WIDTH,
        height,
        "<text x=\"0\" y=\"32\">before</text><text x=\"0\" y=\"58\">after</text>" + s);
  }

  private static double sum(List<DiffRow> rows, boolean before) {
    return rows.stream().mapToDouble(r -> before ? r.before() : r.after()).sum();
  }

  private static String call(DiffRow r, double x, int y, double w) {
    String fill =
        r.noise() != null && r.aboveNoise()
            ? FlameDiffSvg.colour(r.delta() / Math.max(r.before(), r.after()))
            : "#c8ccd2";
    return String.format(
        Locale.ROOT,
        "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
            + " stroke=\"#fff\" stroke-width=\"0.5\"/></g>",
        Html.esc(
            String.format(
                Locale.ROOT,
                "%s: %.3f -> %.3f ms per step (%+.3f)",
                r.name(),
                r.before(),
                r.after(),
                r.delta())),
        x,
        y,
        w,
        ROW - 4,
        fill);
  }
}
