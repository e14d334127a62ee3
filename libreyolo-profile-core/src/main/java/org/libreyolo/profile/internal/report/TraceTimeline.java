package org.libreyolo.profile.internal.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.internal.trace.TraceEvent;
import org.libreyolo.profile.internal.trace.TraceReader;

/**
 * The first steps of a trace as (step span, phase spans), for the timeline strip. Streams the
 * trace.
 */
record TraceTimeline(List<Step> steps) {
  record Span(String phase, double start, double end) {}

  record Step(String name, double start, double end, List<Span> phases) {}

  static TraceTimeline read(Path trace, int maxSteps) {
    if (trace == null || !Files.isRegularFile(trace)) {
      return new TraceTimeline(List.of());
    }
    Collector c;
    try {
      c = TraceReader.read(trace, Collector::new).sink();
    } catch (LibreYoloException e) {
      return new TraceTimeline(List.of());
    }
    List<Step> steps = c.steps;
    List<Span> spans = c.spans;
    steps.sort((a, b) -> Double.compare(a.start(), b.start()));
    List<Step> kept = new ArrayList<>(steps.subList(0, Math.min(maxSteps, steps.size())));
    for (Span s : spans) {
      for (Step step : kept) {
        if (s.start() >= step.start() && s.start() < step.end()) {
          step.phases().add(s);
          break;
        }
      }
    }
    return new TraceTimeline(kept);
  }

  /** Step markers and phase spans, as read. */
  private static final class Collector implements Consumer<TraceEvent> {
    final List<Step> steps = new ArrayList<>();
    final List<Span> spans = new ArrayList<>();

    @Override
    public void accept(TraceEvent e) { // the reader hands on complete events with a start only
      if (e.name().startsWith(TraceConventions.STEP_MARKER)) {
        steps.add(new Step(e.name(), e.ts(), e.ts() + e.dur(), new ArrayList<>()));
      } else if (TraceConventions.CAT_USER_ANNOTATION.equals(e.cat())
          && e.name().startsWith(TraceConventions.PHASE_PREFIX)) {
        spans.add(new Span(e.name().substring(5), e.ts(), e.ts() + e.dur()));
      }
    }
  }

  String svg() {
    if (steps.isEmpty()) {
      return "<p class=\"muted\">no trace with ProfilerStep markers next to this profile</p>";
    }
    // one slow step (a first run, a session start) must not squash the others into slivers: the
    // scale is the longest step within 3x the median, and longer ones are cut and say so
    double[] lengths = steps.stream().mapToDouble(s -> s.end() - s.start()).sorted().toArray();
    double median = lengths[lengths.length / 2];
    double longest = 1;
    for (double l : lengths) {
      if (l <= 3 * median) {
        longest = Math.max(longest, l);
      }
    }
    int rowH = 22;
    int height = 30 + rowH * steps.size() + 20;
    StringBuilder out =
        new StringBuilder(Svg.open("chart timeline", "per-step timeline of phases", Svg.W, height));
    double x0 = 120;
    double pw = Svg.W - x0 - 16;
    for (int i = 0; i < steps.size(); i++) {
      Step step = steps.get(i);
      double y = 10 + rowH * i;
      String label = step.name().length() <= 18 ? step.name() : "step " + (i + 1);
      out.append(Svg.text(x0 - 6, y + 14, label, "end", "font-size=\"11\""));
      double length = step.end() - step.start();
      out.append("<rect x=\"")
          .append(Svg.n(x0))
          .append("\" y=\"")
          .append(Svg.n(y))
          .append("\" width=\"")
          .append(Svg.n(Math.min(length, longest) / longest * pw))
          .append("\" height=\"18\" fill=\"#eceff3\"/>");
      if (length > longest) {
        out.append(
            Svg.text(
                x0 + pw - 4,
                y + 13,
                Svg.fmt(length / 1000) + " ms, cut",
                "end",
                "font-size=\"11\" fill=\"#b03a2e\""));
      }
      for (Span s : step.phases()) {
        if (s.start() - step.start() >= longest) {
          continue; // beyond the cut
        }
        out.append("<rect class=\"phase-span\" x=\"")
            .append(Svg.n(x0 + (s.start() - step.start()) / longest * pw))
            .append("\" y=\"")
            .append(Svg.n(y))
            .append("\" width=\"")
            .append(
                Svg.n(
                    Math.max(
                        0.5,
                        (Math.min(s.end(), step.start() + longest) - s.start()) / longest * pw)))
            .append("\" height=\"18\" fill=\"")
            .append(Svg.color(s.phase()))
            .append("\"><title>")
            .append(Html.esc(s.phase()))
            .append(' ')
            .append(Svg.fmt((s.end() - s.start()) / 1000))
            .append(" ms</title></rect>");
      }
    }
    double axisY = 10 + rowH * steps.size() + 4;
    out.append(Svg.text(x0, axisY + 12, "0 ms", "start", "font-size=\"11\""));
    out.append(
        Svg.text(
            x0 + pw,
            axisY + 12,
            Svg.fmt(longest / 1000) + " ms (time within the step)",
            "end",
            "font-size=\"11\""));
    return out.append("</svg>").toString();
  }
}
