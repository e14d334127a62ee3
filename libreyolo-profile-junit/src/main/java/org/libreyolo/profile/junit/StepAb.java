package org.libreyolo.profile.junit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.function.Executable;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.report.AbReport;

/**
 * The in-test A/B: two arms in alternating blocks, judged by the A/B gate, a regression fails the
 * test.
 */
final class StepAb {
  private StepAb() {}

  static PairedBlocks compare(
      StepConfig config,
      String id,
      String device,
      String name,
      Executable control,
      Executable candidate,
      StepOutput out) {
    ObjectNode what = JsonNodeFactory.instance.objectNode();
    what.put("model", id);
    what.put("step", name);
    what.put("device", device);
    AbResult r =
        AbProfiler.compare(
            "control",
            "candidate",
            (clock, index) -> run(id, control),
            (clock, index) -> run(id, candidate),
            what,
            config.ab(),
            config.outputDirectory().resolve("ab-" + name + ".json"),
            false,
            Defaults.Ab.SETTLE_MS_VALUE, // both implementations compiled before the pairs
            Progress.NONE,
            AbReport::write);
    PairedBlocks v = r.verdict();
    out.line(
        "[libreyolo-profile] "
            + id
            + ": A/B "
            + name
            + ": "
            + String.join(
                " | ",
                java.util.stream.Stream.of(
                        AbReport.changeLine(r),
                        AbReport.mdeLine(r),
                        AbReport.looksLine(r),
                        AbReport.verdictLine(r))
                    .filter(l -> !l.isEmpty())
                    .toList()));
    if (v.verdict() == Verdict.REGRESSION) {
      throw new AssertionError(
          "performance regression in " + id + " (A/B " + name + "): " + AbReport.changeLine(r));
    }
    return v;
  }

  /** An {@link Executable} as an A/B arm: checked exceptions leave as the arm's failure. */
  private static void run(String id, Executable arm) {
    try {
      arm.execute();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new AssertionError(id + ": an A/B arm threw " + t, t);
    }
  }
}
