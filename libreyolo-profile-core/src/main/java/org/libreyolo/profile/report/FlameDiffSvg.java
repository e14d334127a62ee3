package org.libreyolo.profile.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.diff.RowNoise;
import org.libreyolo.profile.internal.report.Html;
import org.libreyolo.profile.result.SampleRows;

/**
 * A differential flame graph of two profiles' Java samples (docs/diff.md): the step at the top, its
 * phases under it, then the stacks' frames outermost first; a frame's width is its time on the
 * after side (samples as a share of all, times the step), its colour how it changed against the
 * before side where that change exceeds its noise ({@link RowNoise#javaRow}, the rule of the diff's
 * Java rows): red grew, blue shrank; grey held within its noise, so an unchanged pair is grey.
 * Inline SVG, no script: it works offline.
 */
final class FlameDiffSvg {
  private static final int WIDTH = 1160;
  private static final int ROW = 17;
  private static final int MAX_DEPTH = 48;

  private FlameDiffSvg() {}

  /** A frame of the merged tree: ms per step on either side. */
  private static final class Frame {
    final String name;
    double before;
    double after;
    double noise;
    final Map<String, Frame> children = new LinkedHashMap<>();

    Frame(String name) {
      this.name = name;
    }

    Frame child(String n) {
      return children.computeIfAbsent(n, Frame::new);
    }
  }

  /**
   * The graph, or null when either side has no stacks (no samples, or a profile recorded before
   * stacks were kept).
   *
   * @param before the earlier profile's Java samples
   * @param beforeStepMs its step, ms
   * @param after the later profile's Java samples
   * @param afterStepMs its step, ms
   * @return the SVG, or null
   */
  static String svg(
      SampleRows.JavaSamples before,
      double beforeStepMs,
      SampleRows.JavaSamples after,
      double afterStepMs) {
    if (!hasStacks(before) || !hasStacks(after)) {
      return null;
    }
    Frame root = new Frame("step");
    add(root, before, beforeStepMs, true);
    add(root, after, afterStepMs, false);
    if (root.after <= 0) {
      return null;
    }
    judge(root, beforeStepMs, afterStepMs, before.samples(), after.samples(), count(root));
    List<String> rects = new ArrayList<>();
    int depth = draw(root, 0, WIDTH, 0, WIDTH / root.after, rects);
    int height = (depth + 1) * ROW + 4;
    return frame("flame-diff", WIDTH, height, String.join("", rects));
  }

  /**
   * An inline SVG of monospace labels: the frame both diff drawings use.
   *
   * @param id the element's id
   * @param width its width, px
   * @param height its height, px
   * @param body its elements
   * @return the SVG
   */
  static String frame(String id, int width, int height, String body) {
    return String.format(
            java.util.Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">",
            id,
            width,
            height,
            width,
            height)
        + body
        + "</svg>";
  }

  private static boolean hasStacks(SampleRows.JavaSamples s) {
    return s != null && s.samples() > 0 && s.phases().stream().anyMatch(p -> !p.stacks().isEmpty());
  }

  private static void add(Frame root, SampleRows.JavaSamples s, double stepMs, boolean before) {
    double msPerSample = stepMs / s.samples();
    for (SampleRows.JavaPhase phase : s.phases()) {
      Frame ph = root.child("[" + phase.phase() + "]");
      for (SampleRows.JavaStack stack : phase.stacks()) {
        double ms = stack.samples() * msPerSample;
        credit(root, ms, before);
        credit(ph, ms, before);
        Frame f = ph;
        int depth = 0;
        for (String method : stack.stack().split(";")) {
          if (++depth > MAX_DEPTH) {
            break;
          }
          f = f.child(SampleRows.acrossProcesses(method)); // merged without a lambda's address
          credit(f, ms, before);
        }
      }
    }
  }

  private static void credit(Frame f, double ms, boolean before) {
    if (before) {
      f.before += ms;
    } else {
      f.after += ms;
    }
  }

  /** Each frame's noise: its samples' counting error and its spread between jobs. */
  private static void judge(
      Frame f, double stepB, double stepA, double samplesB, double samplesA, int frames) {
    f.noise = RowNoise.javaRow(stepB, stepA, f.before, f.after, samplesB, samplesA, frames);
    f.children.values().forEach(c -> judge(c, stepB, stepA, samplesB, samplesA, frames));
  }

  /** The frames of the tree: each is judged, so each counts for the familywise noise. */
  private static int count(Frame f) {
    return 1 + f.children.values().stream().mapToInt(FlameDiffSvg::count).sum();
  }

  /** Draws {@code f} and its children; returns the deepest level drawn. */
  private static int draw(Frame f, double x, double w, int level, double scale, List<String> out) {
    if (w < 0.5) {
      return level - 1;
    }
    double change = (f.after - f.before) / Math.max(f.after, f.before);
    String fill = Math.abs(f.after - f.before) > f.noise ? colour(change) : GREY;
    String label = label(f.name);
    int chars = (int) ((w - 4) / 6.6);
    String tip =
        String.format(
            Locale.ROOT,
            "%s: %.3f -> %.3f ms per step (%+.3f, noise %.3f)",
            f.name,
            f.before,
            f.after,
            f.after - f.before,
            f.noise);
    out.add(
        String.format(
                Locale.ROOT,
                "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\""
                    + " fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\"/>",
                Html.esc(tip),
                x,
                level * ROW,
                w,
                ROW - 1,
                fill)
            + (chars >= 3
                ? String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\">%s</text>",
                    x + 3,
                    level * ROW + 12,
                    Html.esc(label.length() > chars ? label.substring(0, chars - 1) + "…" : label))
                : "")
            + "</g>");
    int deepest = level;
    double cx = x;
    for (Frame c : f.children.values()) {
      double cw = c.after * scale;
      deepest = Math.max(deepest, draw(c, cx, cw, level + 1, scale, out));
      cx += cw;
    }
    return deepest;
  }

  /** What held within its noise. */
  static final String GREY = "#dcdcdc";

  /**
   * Red for growth, blue for shrinkage, deeper the more of the larger side changed: for what moved
   * beyond its noise.
   *
   * @param change the change as a fraction of the larger side
   * @return the CSS colour
   */
  static String colour(double change) {
    double m = Math.min(1, Math.abs(change));
    int hue = change > 0 ? 4 : 214;
    return String.format(
        Locale.ROOT, "hsl(%d,%d%%,%d%%)", hue, 45 + (int) (45 * m), 82 - (int) (30 * m));
  }

  /** {@code pkg.Outer$Inner.method} as {@code Outer$Inner.method}. */
  private static String label(String name) {
    int method = name.lastIndexOf('.');
    if (method <= 0) {
      return name;
    }
    int type = name.lastIndexOf('.', method - 1);
    return name.substring(type + 1);
  }
}
