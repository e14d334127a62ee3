package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.result.Fingerprint;
import org.libreyolo.profile.internal.result.InferenceConfig;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Profile;

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
    List<ForkReply> forks = new ArrayList<>();
    for (int k = 0; k < o.forks(); k++) {
      progress.update("forks (fresh JVMs)", k, o.forks());
      Path forkProject = forksDir.resolve(Integer.toString(k));
      // the last forks traced (extra steps after their timed ones): a diff's rows vary by process,
      // and only several processes can say by how much (docs/diff.md); each costs ~1 s
      boolean traced = o.trace() && k >= o.forks() - Defaults.Infer.TRACED_FORKS;
      ChildJvms.run(
          where,
          InferFork.KIND,
          InferFork.request(o, forkProject, traced),
          forkProject,
          "fork " + (k + 1) + " of " + o.forks());
      forks.add(ChildJvms.reply(forkProject, ForkReply.class));
    }
    progress.update("forks (fresh JVMs)", o.forks(), o.forks());
    Path trace = null;
    if (o.trace()) {
      trace = dir.resolve("profile_trace.json");
      move(forksDir.resolve(o.forks() - 1 + "/infer/profile_trace.json"), trace);
    }
    ObjectNode merged = merge(dir, forks, trace);
    return new InferResult(dir.resolve("profile.json"), new Profile(merged));
  }

  /**
   * The forked profile, by the one builder of every inference profile ({@link
   * InferProfiler#write}): every fork's iterations appended in fork order and every headline figure
   * (step, throughput, latency, stages, the shares built on the step) computed once from them; the
   * trace, the last fork's, analysed against that pooled step, its per-step figures (ops, busy
   * time) the traced fork's and {@code trace_from} saying so. Beside them, per fork its blocks and
   * environment; the process's own figures (Java samples, memory) are the last fork's, its
   * allocation every fork's.
   */
  static ObjectNode merge(Path dir, List<ForkReply> forks, Path trace) {
    ForkReply last = forks.get(forks.size() - 1);
    Iterations all = Iterations.appended(forks.stream().map(ForkReply::iterations).toList());
    return InferProfiler.write(
        dir,
        InferenceConfig.of(last.meta()).withForks(forks.size()),
        all,
        trace,
        last.device(),
        Fingerprint.of(last.environment()),
        new ProfileAssembler.ProcessFigures(
            last.process().javaSamples(),
            last.process().hostMemory(),
            all.allocatedBytes(),
            last.process().allocationByPhase()), // the last fork's, as its samples
        new InferProfiler.Pooled(
            ForkSamples.perFork(forks),
            ForkSamples.traceFrom(forks),
            last.iterations(),
            ForkSamples.otherTraced(forks)));
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
