package org.libreyolo.profile.versions;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.Properties;
import org.libreyolo.profile.gate.SoloCheck;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.result.Json;

/**
 * The check that the JVMs holding both versions measured each side as it runs alone
 * (docs/versions.md, "As it runs alone"): after the pairs, one JVM of each side on its own runs the
 * tests the pairs judged, the side that goes first drawn for the first round and turned for each
 * round after; each step's time per call there is set beside the same side's in the shared JVMs
 * ({@link SoloCheck}). A step whose difference is beyond the threshold but within the noise gets
 * another round, up to {@link Defaults.Versions#SOLO_ROUNDS}, while one more round could call it
 * should the difference stay (the rest stop: a 15% noise does not narrow below a 4% difference in
 * one round). A step distorted leaves the pairs' verdict for the forks, saying why; the others keep
 * it, with the check in their words.
 */
final class SoloRun {
  private SoloRun() {}

  /**
   * Checks the steps the pairs judged; moves the tests with a distorted step to {@code forked}.
   *
   * @return the distorted steps' checks by outcome name, for the forks' outcomes to carry
   */
  static Map<String, SoloCheck> check(
      VersionAbOptions o,
      List<Test> tests,
      List<PerfTestProtocol.PairedReport> reports,
      Path folder,
      List<VersionVerdicts.Outcome> judged,
      Map<Test, String> forked,
      List<String> notes,
      Consumer<String> progress) {
    Map<String, SoloCheck> distorted = new LinkedHashMap<>();
    // the steps still to settle, each with its test
    Map<String, Test> pending = new LinkedHashMap<>();
    for (VersionVerdicts.Outcome x : judged) {
      tests.stream()
          .filter(t -> pairedStep(x) && VersionAb.isOf(x.test(), t) && !forked.containsKey(t))
          .findFirst()
          .ifPresent(t -> pending.put(x.test(), t));
    }
    if (!o.soloCheck() || pending.isEmpty()) {
      return distorted;
    }
    // after its profile, each step's blocks back to back: as many pairs as a shared JVM ran
    Map<String, String> solo =
        Map.of(
            Properties.PREFIX + "soloPairs",
            Integer.toString(PairedRun.pairsPerJvm(o.pairs(), o.jvms())));
    // the level split over the rounds that may look (Bonferroni): more rounds never add false flags
    double alpha = o.gate().alpha() / Defaults.Versions.SOLO_ROUNDS;
    List<StepLayout.Step> aloneA = new ArrayList<>();
    List<StepLayout.Step> aloneB = new ArrayList<>();
    // the side that goes first drawn once, then turned from round to round: the second JVM of a
    // round can run unlike the first (once, on identical code, 28% slower in both of two rounds
    // drawn alike: both sides called distorted); turned, each side's JVMs hold both places
    boolean firstRound = new Random().nextBoolean();
    for (int round = 1; round <= Defaults.Versions.SOLO_ROUNDS && !pending.isEmpty(); round++) {
      List<Test> run = pending.values().stream().distinct().toList();
      boolean candidateFirst = round % 2 == 1 ? firstRound : !firstRound;
      for (boolean candidate : List.of(candidateFirst, !candidateFirst)) {
        VersionAb.Side side = candidate ? o.candidate() : o.baseline();
        List<StepLayout.Step> steps =
            VersionAbForks.solo(
                o,
                candidate,
                folder
                    .resolve("solo")
                    .resolve(Integer.toString(round))
                    .resolve(candidate ? "candidate" : "baseline"),
                run,
                solo,
                side.label()
                    + " alone (the check that the shared JVMs ran it as it runs alone"
                    + (round > 1 ? ", round " + round : "")
                    + ")",
                progress);
        if (steps == null) {
          notes.add(
              side.label()
                  + " could not run alone: the shared JVMs' verdicts stand, not checked against"
                  + " each side alone");
          return distorted;
        }
        (candidate ? aloneB : aloneA).addAll(steps);
      }
      boolean last = round == Defaults.Versions.SOLO_ROUNDS;
      for (VersionVerdicts.Outcome x : List.copyOf(judged)) {
        Test t = pending.get(x.test());
        if (t == null) {
          continue;
        }
        SoloCheck c =
            SoloCheck.of(
                shared(reports, t, x.step(), true),
                solo(aloneA, t, x.step()),
                shared(reports, t, x.step(), false),
                solo(aloneB, t, x.step()),
                alpha,
                o.gate().maxRegression());
        String words = c == null ? null : c.why(o.baseline().label(), o.candidate().label());
        if (c != null && c.undecided() && !last) {
          progress.accept(x.test() + ": " + words + "; one more JVM of each side alone");
          continue;
        }
        pending.remove(x.test());
        if (c == null) {
          continue; // a side without a figure: the pairs' verdict stands as it is
        }
        if (c.futile() && !last) {
          words += "; one more JVM alone could not tell it from the noise";
          progress.accept(x.test() + ": " + words);
        }
        if (c.distorted()) {
          distorted.put(x.test(), c);
          forked.put(t, "forks: " + words);
          progress.accept(x.test() + ": " + words + "; judged by forks");
          // the test goes to the forks whole: its other steps need no more JVMs alone
          pending.values().removeIf(t::equals);
        } else {
          judged.set(judged.indexOf(x), x.withSolo(c, words));
        }
      }
    }
    // a test with a distorted step goes to the forks whole: its other steps' pairs go with it
    judged.removeIf(x -> forked.keySet().stream().anyMatch(t -> VersionAb.isOf(x.test(), t)));
    return distorted;
  }

  private static boolean pairedStep(VersionVerdicts.Outcome x) {
    return x.inSharedJvms() && x.paired() != null && x.step() != null;
  }

  /** A side's time per call in each shared JVM: the median of its block medians there. */
  private static double[] shared(
      List<PerfTestProtocol.PairedReport> reports, Test t, String key, boolean baseline) {
    List<Double> out = new ArrayList<>();
    for (PerfTestProtocol.PairedReport r : reports) {
      for (PerfTestProtocol.PairedStep s : r.steps()) {
        double[] ms = baseline ? s.baselineMedianMs() : s.candidateMedianMs();
        if (s.className().equals(t.className()) && s.key().equals(key) && ms != null) {
          out.add(LatencyStats.median(ms));
        }
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * A side's time per call in its JVMs alone: the median of its blocks' medians, timed back to back
   * as the shared JVMs time them ({@code solo.json} beside the step's profile).
   */
  private static double[] solo(List<StepLayout.Step> steps, Test t, String key) {
    List<Double> out = new ArrayList<>();
    for (StepLayout.Step s : steps) {
      Path file = s.profile().resolveSibling(OutputFiles.SOLO_FILE);
      if (!s.className().equals(t.className())
          || !s.key().equals(key)
          || !Files.isRegularFile(file)) {
        continue;
      }
      List<Double> blocks = new ArrayList<>();
      for (JsonNode pair : read(file).path("pairs")) {
        blocks.add(pair.path("a_ms").asDouble());
        blocks.add(pair.path("b_ms").asDouble());
      }
      if (!blocks.isEmpty()) {
        out.add(LatencyStats.median(blocks.stream().mapToDouble(Double::doubleValue).toArray()));
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** A solo file, or an empty node where it cannot be read (that JVM gives no figure). */
  private static JsonNode read(Path file) {
    try {
      return Json.MAPPER.readTree(file.toFile());
    } catch (java.io.IOException e) {
      return Json.MAPPER.createObjectNode();
    }
  }
}
