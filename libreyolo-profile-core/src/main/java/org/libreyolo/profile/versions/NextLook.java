package org.libreyolo.profile.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.process.PerfTestProtocol.Test;

/**
 * One look of the A/B across versions, in shared JVMs or in forks (docs/statistics.md, "Looks
 * across versions"): which tests it judges and which run on into the next look's processes, and the
 * lines that say so. A test runs on while a step of it is undecided and the processes left could
 * decide it ({@link Looks#chanceToDecide} at least {@link Defaults.Versions#FUTILITY_POWER}).
 */
final class NextLook {
  private final Looks looks;
  private final int look;
  private final int perLook;
  private final String unit;
  private final List<String> futile = new ArrayList<>();
  private final List<String> undecided = new ArrayList<>();

  /**
   * @param looks the A/B's looks
   * @param look this look's index
   * @param perLook the processes each look adds
   * @param unit what they are ({@code JVMs}, {@code forks a side})
   */
  NextLook(Looks looks, int look, int perLook, String unit) {
    this.looks = looks;
    this.look = look;
    this.perLook = perLook;
    this.unit = unit;
  }

  /** Whether this is the A/B's last look (every test is judged there). */
  boolean last() {
    return look == looks.count() - 1;
  }

  /**
   * Whether a test's outcomes at this look are its verdicts: the last look, every step decided, or
   * the processes left could not decide the undecided ones (noted).
   *
   * @param t the test
   * @param outcomes its steps' outcomes at this look
   * @param decided whether an outcome needs no more processes
   * @param chance the chance that the last look decides an undecided outcome
   * @return true where the outcomes stand; false where the test runs on
   */
  boolean judges(
      Test t,
      List<VersionVerdicts.Outcome> outcomes,
      Predicate<VersionVerdicts.Outcome> decided,
      ToDoubleFunction<VersionVerdicts.Outcome> chance) {
    List<VersionVerdicts.Outcome> open = outcomes.stream().filter(decided.negate()).toList();
    if (last() || open.isEmpty()) {
      return true;
    }
    // a test's processes run all its steps: one step they could decide is reason enough
    double best = open.stream().mapToDouble(chance).max().orElse(0);
    if (best < Defaults.Versions.FUTILITY_POWER) {
      futile.add(t.id() + " (" + Math.round(100 * best) + "%)");
      return true;
    }
    undecided.add(t.id());
    return false;
  }

  /** The look's lines: the tests stopped for futility, then those that run on. */
  void report(List<String> notes, Consumer<String> progress) {
    String measured = looks.at()[look] + " " + unit;
    String where = " after " + measured + " (look " + (look + 1) + " of " + looks.count() + ")";
    if (!futile.isEmpty()) {
      String line =
          "undecided"
              + where
              + ", stopped: the "
              + unit.split(" ")[0]
              + " left could not decide it, should the change be as estimated (the chance they"
              + " would): "
              + String.join(", ", futile);
      progress.accept(line);
      notes.add(line);
    }
    if (!undecided.isEmpty()) {
      String names = String.join(", ", undecided);
      progress.accept(
          "look "
              + (look + 1)
              + " of "
              + looks.count()
              + " after "
              + measured
              + ": undecided "
              + names
              + "; "
              + perLook
              + " "
              + unit
              + " more for "
              + (undecided.size() == 1 ? "it" : "them"));
      notes.add("undecided" + where + ", measured in " + perLook + " more: " + names);
    }
  }
}
