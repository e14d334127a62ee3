package org.libreyolo.profile.produce;

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
 * tests the pairs judged, in an order drawn at random; each step's time per call there is set
 * beside the same side's in the shared JVMs ({@link SoloCheck}). A step distorted there leaves the
 * pairs' verdict for the forks, saying why; the others keep it, with the check in their words.
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
    List<Test> paired =
        tests.stream()
            .filter(
                t -> judged.stream().anyMatch(x -> pairedStep(x) && VersionAb.isOf(x.test(), t)))
            .toList();
    Map<String, SoloCheck> distorted = new LinkedHashMap<>();
    if (paired.isEmpty()) {
      return distorted;
    }
    // after its profile, each step's blocks back to back: as many pairs as a shared JVM ran
    Map<String, String> solo =
        Map.of(
            Properties.PREFIX + "soloPairs",
            Integer.toString(PairedRun.pairsPerJvm(o.pairs(), o.jvms())));
    boolean candidateFirst = new Random().nextBoolean();
    List<StepLayout.Step> aloneB = null;
    List<StepLayout.Step> aloneA = null;
    for (boolean candidate : List.of(candidateFirst, !candidateFirst)) {
      VersionAb.Side side = candidate ? o.candidate() : o.baseline();
      List<StepLayout.Step> steps =
          VersionAbForks.solo(
              o,
              candidate,
              folder.resolve("solo").resolve(candidate ? "candidate" : "baseline"),
              paired,
              solo,
              side.label() + " alone (the check that the shared JVMs ran it as it runs alone)",
              progress);
      if (steps == null) {
        notes.add(
            side.label()
                + " could not run alone: the shared JVMs' verdicts stand, not checked against"
                + " each side alone");
        return distorted;
      }
      if (candidate) {
        aloneB = steps;
      } else {
        aloneA = steps;
      }
    }
    for (VersionVerdicts.Outcome x : List.copyOf(judged)) {
      Test t = paired.stream().filter(p -> VersionAb.isOf(x.test(), p)).findFirst().orElse(null);
      if (t == null || !pairedStep(x) || forked.containsKey(t)) {
        continue;
      }
      SoloCheck c =
          SoloCheck.of(
              shared(reports, t, x.step(), true),
              solo(aloneA, t, x.step()),
              shared(reports, t, x.step(), false),
              solo(aloneB, t, x.step()),
              o.gate().alpha(),
              o.gate().maxRegression());
      if (c == null) {
        continue; // a side without a figure: the pairs' verdict stands as it is
      }
      String words = c.why(o.baseline().label(), o.candidate().label());
      if (c.distorted()) {
        distorted.put(x.test(), c);
        forked.put(t, "forks: " + words);
        progress.accept(x.test() + ": " + words + "; judged by forks");
      } else {
        judged.set(judged.indexOf(x), x.withSolo(c, words));
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
      Path file = s.profile().resolveSibling(Defaults.Versions.SOLO_FILE);
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
