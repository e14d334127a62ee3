package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.InferenceVerdict;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.internal.measure.Headline;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;

/**
 * {@code profile infer --forks N}: N fresh JVMs, one after another, each measuring the whole infer
 * (its own warmup, blocks and canary); the last one also records the trace. The parent merges them
 * into one profile (docs/profile-schema.md, {@code samples.forks}): the traced fork's analysis, the
 * iterations of every fork pooled into the latency and stage figures, every fork's blocks, canary
 * and environment under {@code samples.forks} for the gate.
 */
final class ForkedInfer {
  private ForkedInfer() {}

  static InferResult run(InferOptions o, Progress progress, ChildJvms.Where where) {
    // what a fork would refuse, refused here once and before any JVM starts
    ImageSource.load(o.source());
    WeightsSource.resolve(o.weights(), o.size());
    InferProfiler.checkWritable(o.project());
    if (o.device().cuda() && !o.device().auto()) {
      org.libreyolo.profile.internal.engine.Engines.resolve(
          o.device()); // a missing GPU, before any fork starts
    }
    Path dir = o.project().resolve("infer");
    Path forksDir = dir.resolve("forks");
    Folders.delete(forksDir); // an earlier run's forks are not this run's evidence
    Path created = Folders.firstMissing(o.project().toAbsolutePath().resolve("infer/forks"));
    Leftovers.track(created); // a stopped run (Ctrl-C) leaves no fork folder either
    try {
      return measure(o, progress, where, dir, forksDir);
    } catch (RuntimeException e) {
      Folders.deleteQuietly(
          created); // a failed run leaves nothing it made (the folders of the forks included)
      throw e;
    } finally {
      Leftovers.forget(created);
    }
  }

  private static InferResult measure(
      InferOptions o, Progress progress, ChildJvms.Where where, Path dir, Path forksDir) {
    List<ObjectNode> profiles = new ArrayList<>();
    for (int k = 0; k < o.forks(); k++) {
      progress.update("forks (fresh JVMs)", k, o.forks());
      Path forkProject = forksDir.resolve(Integer.toString(k));
      boolean traced = o.trace() && k == o.forks() - 1;
      ChildJvms.run(
          where,
          InferFork.KIND,
          InferFork.request(o, forkProject, traced),
          forkProject,
          "fork " + (k + 1) + " of " + o.forks());
      profiles.add(read(forkProject.resolve("infer/profile.json")));
    }
    progress.update("forks (fresh JVMs)", o.forks(), o.forks());
    ObjectNode merged = merge(profiles, o.batch(), o.device().cuda());
    Path summaryFile = forksDir.resolve(o.forks() - 1 + "/infer/profile_summary.json");
    ObjectNode summary = (ObjectNode) read(summaryFile);
    summary.set(
        "real",
        ProfileAssembler.realWithoutDataload(
            merged.path(ProfileKeys.STEP_MS).asDouble(),
            merged.path(ProfileKeys.IMG_PER_S).asDouble()));
    summary.set(ProfileKeys.LATENCY, merged.get(ProfileKeys.LATENCY).deepCopy());
    summary.set(ProfileKeys.STAGES_MS, merged.get(ProfileKeys.STAGES_MS).deepCopy());
    if (o.trace()) {
      Path trace = dir.resolve("profile_trace.json");
      move(forksDir.resolve(o.forks() - 1 + "/infer/profile_trace.json"), trace);
      merged.put("trace", trace.toString());
      summary.put("trace", trace.toString());
    }
    ProfileAssembler.writeSummary(dir, summary);
    Path file = dir.resolve("profile.json");
    ProfileIo.writeCompact(file, merged);
    return new InferResult(file, new Profile(merged));
  }

  /**
   * The merged profile: the last fork's (the traced one's) analysis, with every headline figure
   * (step, throughput, latency, stages) from every fork's iterations pooled, one definition for
   * all: the throughput is the batch over the pooled mean latency the text prints. The trace's
   * per-step figures (ops, busy time) stay the traced fork's and {@code trace_from} says so; the
   * shares built on the step (utilisation, host overhead) are taken against the pooled step. Also
   * the blocks of all forks in order, and per fork its blocks, canary and environment.
   */
  static ObjectNode merge(List<ObjectNode> forks, int batch, boolean cuda) {
    ObjectNode p = forks.get(forks.size() - 1).deepCopy();
    Iterations all = ForkSamples.appended(forks);
    double[] lat = all.latencyMs();
    Map<String, double[]> stageMs = all.stagesMs();
    Headline h = Headline.of(lat, stageMs, batch, List.of());
    LatencyStats stats = h.stats();
    ObjectNode latencyNode = h.latency();
    ObjectNode stagesNode = h.stages();
    InferenceVerdict v =
        InferenceVerdict.of(
            h.stageMs("preprocess"), h.stageMs("forward"), h.stageMs("postprocess"), null, cuda);
    if (!new Profile(p).memoryPressure() && (p.path("trace").isNull() || !cuda)) {
      p.put(ProfileKeys.BOUND, v.bound());
      p.put(ProfileKeys.BOUND_WHY, v.why());
    }
    p.set(ProfileKeys.LATENCY, latencyNode);
    p.set(ProfileKeys.STAGES_MS, stagesNode);
    ObjectNode m = (ObjectNode) p.get(ProfileKeys.METRICS);
    double imgPerS = h.imgPerS();
    if (p.path("trace").isNull()) { // trace-less: every figure is the iterations' own
      p.put(ProfileKeys.IMG_PER_S, imgPerS);
      p.put(
          ProfileKeys.STEP_MS,
          org.libreyolo.profile.internal.python.PyRound.round(stats.mean(), 3));
      m.put(ProfileKeys.IMG_PER_S, imgPerS);
      m.set(ProfileKeys.STEP_MS, p.get(ProfileKeys.STEP_MS));
      m.set("preprocess_wall_ms", stagesNode.get("preprocess"));
      m.set("forward_wall_ms", stagesNode.get("forward"));
      m.set("postprocess_wall_ms", stagesNode.get("postprocess"));
    } else {
      p.set(ProfileKeys.TRACE_FROM, ForkSamples.traceFrom(forks));
      ProfileAssembler.restep(p, stats.mean(), imgPerS);
    }
    ProfileAssembler.putInferenceMetrics(m, latencyNode, stagesNode, p.get(ProfileKeys.IMG_PER_S));
    m.set(ProfileKeys.BOUND, p.get(ProfileKeys.BOUND));
    ((ObjectNode) p.get("config")).put("forks", forks.size());
    ObjectNode samples = (ObjectNode) p.get(ProfileKeys.SAMPLES);
    all.write(samples);
    samples.set("forks", ForkSamples.perFork(forks));
    ProfileKeys.moveOursToEnd(p);
    return p;
  }

  private static ObjectNode read(Path file) {
    try {
      return (ObjectNode) Json.MAPPER.readTree(file.toFile());
    } catch (IOException | ClassCastException e) {
      throw LibreYoloException.badInput(
          "a fork wrote no readable profile at " + file + ": " + e.getMessage(), e);
    }
  }

  private static void move(Path from, Path to) {
    try {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot move the traced fork's trace to " + to + ": " + e.getMessage(), e);
    }
  }
}
