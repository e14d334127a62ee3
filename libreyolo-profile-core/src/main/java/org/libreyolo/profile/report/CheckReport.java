package org.libreyolo.profile.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.OpCounts;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VerdictRule;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.report.DistributionSvg;
import org.libreyolo.profile.internal.report.Fmt;
import org.libreyolo.profile.internal.report.Html;
import org.libreyolo.profile.internal.report.HtmlReport;
import org.libreyolo.profile.internal.report.Svg;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/**
 * The check report ({@code check-report.html}), for a person deciding whether to merge: the verdict
 * and its reason first; then each line of evidence (timing rows, the op and work counters) with its
 * change and interval drawn against the threshold; what the run could detect, in words; raw and
 * canary-normalised numbers side by side; and, folded away and marked descriptive, the iteration
 * statistics and charts. Every verdict shown is the gate's own ({@link Gate.Result}), so the page,
 * the log, the markdown and the JSON agree.
 */
final class CheckReport {
  private CheckReport() {}

  /**
   * Writes the check report to {@code target} (temp + rename) and returns it. Every verdict on the
   * page is {@code gate}'s; the iteration statistics below it are descriptive only (no verdict).
   */
  static Path write(
      Profile base, Path baseline, Profile now, Path current, Gate.Result gate, Path target) {
    Comparison.Result descriptive =
        Comparison.compare(
            base, now, baseline.toString(), current.toString(), gate.options().alpha());
    String html = html(base, now, descriptive, gate);
    AtomicFiles.writeText(target, html);
    return target;
  }

  static String html(Profile base, Profile now, Comparison.Result cmp, Gate.Result gate) {
    StringBuilder body = new StringBuilder("<h1>libreyolo-profile check</h1>");
    body.append("<p class=\"muted\">")
        .append(Html.esc(now.modelLabel()))
        .append("<br>baseline ")
        .append(Html.esc(cmp.before()))
        .append("<br>current ")
        .append(Html.esc(cmp.after()))
        .append("</p>");
    body.append(banner(gate));
    body.append(Html.card("Evidence", evidence(gate, now.throughputUnit())));
    if (gate.diff() != null) {
      body.append(DiffHtml.cards(gate.diff(), base, now));
    }
    body.append(
        Html.card(
            "What this run could detect", "<p id=\"mde\">" + Html.esc(mdeWords(gate)) + "</p>"));
    body.append(Html.card("Raw and canary-normalised", rawAndNormalised(gate)));
    body.append(
        "<details class=\"card descriptive\"><summary><b>Descriptive statistics of the iterations</b>"
            + " <span class=\"muted\">(not the verdict: iterations of one process are not independent samples of a build;"
            + " raw times, not divided by the canary)</span></summary><div class=\"grid\">");
    body.append(Html.card("Metrics (raw)", metrics(base, now)));
    body.append(
        Html.card(
            "Statistics over forks (descriptive)",
            HtmlReport.statistics(cmp.statistics(), cmp.significance().text())));
    double[] la = base.samples().latencyMs();
    double[] lb = now.samples().latencyMs();
    if (la.length > 0 && lb.length > 0) {
      body.append(
          Html.card(
              "Latency distributions (raw)",
              DistributionSvg.cdf(
                  List.of(la, lb), List.of("baseline", "current"), null, null, "ms")));
    }
    boolean cpu = now.isCpu();
    if (!now.isPlainCode()) { // plain Java runs no ops or kernels to put in categories
      body.append(
          Html.card(
              cpu
                  ? "Op-category change (CPU self time, raw ms per step)"
                  : "Kernel-category change (raw ms per step)",
              HtmlReport.categoryDeltas(base, now)));
    }
    body.append("</div></details>");
    return Html.page("libreyolo-profile check: " + gate.verdict(), body.toString());
  }

  /** The verdict and the one reason that decided it. */
  static String banner(Gate.Result g) {
    String css = g.verdict().name().toLowerCase(Locale.ROOT);
    return "<div id=\"verdict\" class=\"verdict "
        + css
        + "\" data-verdict=\""
        + g.verdict()
        + "\"><span class=\"word\">"
        + g.verdict()
        + "</span> "
        + Html.esc(reason(g))
        + "</div>";
  }

  static String reason(Gate.Result g) {
    String threshold = Percentages.percent(g.options().maxRegression());
    if (!g.environmentDifferences().isEmpty()) {
      return "the environments differ ("
          + String.join("; ", g.environmentDifferences())
          + "): timing is not comparable";
    }
    if (!g.workloadDifferences().isEmpty()) {
      return "another workload ("
          + String.join("; ", g.workloadDifferences())
          + "): record a baseline for it";
    }
    if (g.opCounts().verdict() == Verdict.REGRESSION) {
      return "more work per step: " + String.join("; ", g.opCounts().changes());
    }
    // latency first: a time change reads directly as "slower by"
    List<Gate.Row> rows = new ArrayList<>(g.rows());
    rows.sort(
        (a, b) ->
            Boolean.compare(
                !Metric.gated(a.metric()).lowerIsBetter(),
                !Metric.gated(b.metric()).lowerIsBetter()));
    for (Gate.Row r : rows) {
      if (r.verdict() == Verdict.REGRESSION) {
        return r.label()
            + " "
            + Percentages.signedPercent(r.change())
            + " "
            + GateReport.interval(r.ciLow(), r.ciHigh())
            + " ("
            + slowdownWords(r)
            + "), "
            + VerdictRule.sentence(Verdict.REGRESSION, threshold + " threshold");
      }
    }
    if (g.unstableMachine() != null) {
      return g.unstableMachine() + ": no timing verdict";
    }
    return switch (g.verdict()) {
      case IMPROVED ->
          VerdictRule.sentence(Verdict.IMPROVED, threshold + " threshold")
              + "; refresh the baseline";
      case PASS -> VerdictRule.sentence(Verdict.PASS, threshold + " threshold");
      case INCONCLUSIVE ->
          g.mde() == null
              ? "no timing blocks to judge"
              : "cannot tell a "
                  + threshold
                  + " slowdown from noise: this run could detect ~"
                  + Percentages.percent(g.mde());
      default -> "";
    };
  }

  /**
   * Each evidence line: what it measured, its change and interval against the threshold, its
   * verdict.
   */
  private static String evidence(Gate.Result g, String unit) {
    boolean images = Metric.countsImages(unit);
    double t = g.options().maxRegression();
    StringBuilder out =
        new StringBuilder(
            "<table class=\"evidence\"><tr><th>evidence</th><th class=\"num\">change</th>"
                + "<th class=\"num\">"
                + GateReport.confidence(g)
                + " interval</th><th>against the threshold (&plusmn;"
                + Percentages.percent(t)
                + ")</th><th>verdict</th></tr>");
    for (Gate.Row r : g.rows()) {
      Metric metric = Metric.gated(r.metric());
      boolean latency = metric.lowerIsBetter();
      String label =
          metric.label()
              + (latency
                  ? images ? " (time per image)" : " (time per step)"
                  : " (" + (images ? "images" : unit) + "/s)");
      String change = r.change() == null ? "-" : Percentages.signedPercent(r.change());
      String ci = r.ciLow() == null ? "-" : GateReport.interval(r.ciLow(), r.ciHigh());
      String plot =
          r.change() == null
              ? "<span class=\"muted\">no blocks</span>"
              // slower to the right for both: throughput's interval is mirrored
              : latency
                  ? Svg.interval(r.change(), r.ciLow(), r.ciHigh(), t, r.verdict().name())
                  : Svg.interval(-r.change(), -r.ciHigh(), -r.ciLow(), t, r.verdict().name());
      out.append(
          row(
              label + " <span class=\"muted\">timing, blocks</span>",
              change,
              ci,
              plot,
              r.verdict(),
              r.why()));
    }
    OpCounts.Result c = g.opCounts();
    String counts = GateReport.counters(c);
    out.append(
        row(
            "counters <span class=\"muted\">exact"
                + (c.counted().isEmpty() ? "" : ": " + Html.esc(c.counted()))
                + "</span>",
            c.verdict() == Verdict.INCONCLUSIVE ? "-" : c.changes().isEmpty() ? "none" : "changed",
            "exact",
            "<span class=\"counter\">" + Html.esc(counts) + "</span>",
            c.verdict(),
            c.counted().isEmpty() ? "nothing both sides counted" : c.counted()));
    return out.append("</table>").toString();
  }

  private static String row(
      String label, String change, String ci, String plot, Verdict v, String why) {
    return "<tr class=\"evidence-row\"><td>"
        + label
        + "</td><td class=\"num\">"
        + Html.esc(change)
        + "</td><td class=\"num\">"
        + Html.esc(ci)
        + "</td><td>"
        + plot
        + "</td><td><span class=\"tag "
        + v.name().toLowerCase(Locale.ROOT)
        + "\" title=\""
        + Html.esc(why)
        + "\">"
        + v
        + "</span></td></tr>";
  }

  private static String slowdownWords(Gate.Row r) {
    boolean slower = Metric.gated(r.metric()).lowerIsBetter() ? r.change() > 0 : r.change() < 0;
    return slower ? "slower" : "faster";
  }

  /** The minimum detectable effect as a sentence, with the ways to resolve smaller changes. */
  static String mdeWords(Gate.Result g) {
    if (g.mde() == null) {
      return "No timing blocks on both sides: only the counters were compared.";
    }
    String mde = Percentages.percent(g.mde());
    String threshold = Percentages.percent(g.options().maxRegression());
    boolean forked =
        g.timing() != null
            && g.timing().forksBefore() >= BlockStatistics.MIN_FORKS
            && g.timing().forksAfter() >= BlockStatistics.MIN_FORKS;
    String noise =
        forked
            ? "the forks' spread plus "
                + Percentages.percent(g.options().jobNoise())
                + " between jobs"
            : "its blocks' spread plus "
                + Percentages.percent(g.options().processNoise())
                + " between processes";
    String base =
        "With this run's noise ("
            + noise
            + "), the gate would catch a slowdown of about "
            + mde
            + " four times in five (power 0.8, alpha "
            + g.options().alpha()
            + "); the threshold is "
            + threshold
            + ".";
    return g.mde() > g.options().maxRegression()
        ? base
            + " A smaller slowdown reads as INCONCLUSIVE, not PASS: more forks (processes) narrow the"
            + " interval, more runs inside each barely do (a process's own luck is most of the"
            + " spread), and an in-job A/B (profile ab, or the ab goal against the previous"
            + " version) resolves changes of a few percent."
        : base + " This run resolves the threshold.";
  }

  /** The raw change and the machine's, and the canary-normalised change the verdict reads. */
  private static String rawAndNormalised(Gate.Result g) {
    BlockStatistics t = g.timing();
    if (t == null) {
      return "<p class=\"muted\">no timing blocks of the same canary on both sides</p>";
    }
    String step =
        "This run's step was "
            + faster(t.rawChange())
            + " than the baseline's (as measured, block medians)";
    String machine = "the machine (the canary) was " + faster(t.machineChange());
    String rel =
        t.normalised()
            ? "relative to the canary: "
                + Percentages.signedPercent(t.change())
                + " "
                + GateReport.interval(t.ciLow(), t.ciHigh())
                + ". The verdict reads this normalised change: a machine that got faster or slower as a whole is not the"
                + " model's change."
            : "the step does not run on the engine, so it is judged as measured: "
                + Percentages.signedPercent(t.change())
                + " "
                + GateReport.interval(t.ciLow(), t.ciHigh())
                + "; the canary only watches the machine (its limit: "
                + Percentages.percent(g.options().machineChangeLimit())
                + ").";
    StringBuilder out =
        new StringBuilder("<p id=\"normalisation\">")
            .append(Html.esc(step + "; " + machine + "; " + rel))
            .append(
                "</p><table><tr><th></th><th class=\"num\">baseline</th><th class=\"num\">current</th>"
                    + "<th class=\"num\">raw change</th><th class=\"num\">used by the gate</th></tr>");
    for (Gate.Row r : g.rows()) {
      out.append("<tr><td>")
          .append(Html.esc(r.label()))
          .append(" (raw)</td><td class=\"num\">")
          .append(Html.esc(r.baseline() == null ? "-" : Fmt.f(r.baseline(), 3)))
          .append("</td><td class=\"num\">")
          .append(Html.esc(r.current() == null ? "-" : Fmt.f(r.current(), 3)))
          .append("</td><td class=\"num\">")
          .append(
              Html.esc(
                  r.baseline() == null || r.current() == null
                      ? "-"
                      : Percentages.signedPercent(r.current() / r.baseline() - 1)))
          .append("</td><td class=\"num\">")
          .append(
              Html.esc(
                  r.change() == null
                      ? "-"
                      : Percentages.signedPercent(r.change())
                          + (t.normalised() ? " (normalised)" : " (as measured)")))
          .append("</td></tr>");
    }
    out.append("<tr><td>canary (machine speed)</td><td></td><td></td><td class=\"num\">")
        .append(Html.esc(Percentages.signedPercent(t.machineChange())))
        .append(
            "</td><td class=\"num\">sentinel, drift within a run "
                + Html.esc(Percentages.percent(t.drift())))
        .append("</td></tr>");
    return out.append("</table>").toString();
  }

  private static String faster(double change) {
    return change <= 0
        ? Percentages.percent(-change) + " faster"
        : Percentages.percent(change) + " slower";
  }

  /**
   * The descriptive metrics, in CPU words for CPU profiles; op counts are the evidence table's, not
   * repeated.
   */
  private static String metrics(Profile a, Profile b) {
    boolean cpu = b.isCpu();
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          b.throughputUnit() + "/s", show(a.figures().imgPerS()), show(b.figures().imgPerS())
        });
    if (a.latency() != null && b.latency() != null) {
      rows.add(new String[] {"latency p50 ms", show(a.latency().p50()), show(b.latency().p50())});
      rows.add(new String[] {"latency p90 ms", show(a.latency().p90()), show(b.latency().p90())});
    }
    rows.add(new String[] {"step ms", show(a.figures().stepMs()), show(b.figures().stepMs())});
    if (!b.isPlainCode()) { // a device's busy share and what bounds it: the engine's words
      rows.add(
          new String[] {cpu ? "CPU busy (traced steps)" : "GPU utilisation", busy(a), busy(b)});
      rows.add(
          new String[] {
            "bound", a.bound() == null ? "-" : a.bound(), b.bound() == null ? "-" : b.bound()
          });
    }
    StringBuilder t =
        new StringBuilder(
            "<table><tr><th>metric</th><th class=\"num\">baseline</th>"
                + "<th class=\"num\">current</th></tr>");
    for (String[] r : rows) {
      t.append("<tr><td>")
          .append(Html.esc(r[0]))
          .append("</td><td class=\"num\">")
          .append(Html.esc(r[1]))
          .append("</td><td class=\"num\">")
          .append(Html.esc(r[2]))
          .append("</td></tr>");
    }
    return t.append("</table>").toString();
  }

  private static String show(Num n) {
    return n == null ? "-" : Fmt.f(n.value(), 3);
  }

  private static String busy(Profile p) {
    Num u = p.figures().gpuUtil();
    return u == null ? "-" : Fmt.f(u.value() * 100, 0) + "%";
  }
}
