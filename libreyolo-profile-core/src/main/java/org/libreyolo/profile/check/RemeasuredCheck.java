package org.libreyolo.profile.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BaselineModel;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Task;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The in-job comparison behind {@code check} for an infer baseline: the model kept beside the
 * baseline (A) and the model the current profile ran (B), on the current profile's workload and
 * settings, in alternating blocks in one fresh JVM ({@link AbProfiler}). Judged at the check's own
 * alpha and threshold: one property means one value within a goal.
 */
final class RemeasuredCheck {
  /** Where the pairing's {@code ab.json} goes under the output directory. */
  static final String FOLDER = "check-ab";

  private RemeasuredCheck() {}

  /**
   * The two model files a pairing runs, each found and its hash read once; or why there is none.
   *
   * @param kept the baseline's model, kept beside it
   * @param current the model this build's profile ran
   * @param whyNot why the baseline cannot be measured again here, in words; null when it can
   */
  record Models(Path kept, Path current, String whyNot) {
    private static Models none(String why) {
      return new Models(null, null, why);
    }
  }

  /**
   * The models to pair, or why the baseline cannot be measured again here.
   *
   * @param base the baseline profile
   * @param baseline the baseline's file
   * @param now the current profile
   */
  static Models models(Profile base, Path baseline, Profile now) {
    if (!base.isInference() || !now.isInference()) {
      return Models.none("not an infer profile");
    }
    String kept = BaselineModel.whyNotKept(base, baseline);
    if (kept != null) {
      return Models.none(kept);
    }
    Path current = BaselineModel.modelFile(now);
    if (current == null) {
      return Models.none(
          "this build's model is no file that is here as it was measured ("
              + now.configText(ProfileSchema.WEIGHTS)
              + ")");
    }
    return new Models(BaselineModel.keptFile(base, baseline), current, null);
  }

  /**
   * What the pairing's child JVM sends back: the pairs' verdict, each side's median call and where
   * its {@code ab.json} is.
   *
   * @param verdict the paired-blocks verdict
   * @param baselineMs the baseline model's median call, ms
   * @param currentMs this build's model's median call, ms
   * @param file the A/B's {@code ab.json}
   */
  record Reply(PairedBlocks verdict, double baselineMs, double currentMs, String file) {}

  /**
   * Measures the baseline's model beside the current one in a fresh JVM: the JVM that ran {@code
   * infer} carries its state (a 2.4 ms model's calls took 5.6-10 ms there after it), and a fresh
   * one is what the forks measured.
   *
   * @param models the two models ({@link #models}, with no {@code whyNot})
   * @param now the current profile (its workload and settings are the pairing's)
   * @param gate the check's alpha and threshold
   * @param blockRuns calls per block
   * @param outputDirectory where {@code check-ab/ab.json} is written
   * @param classpath the child JVM's class path, or null for this JVM's
   * @return the pairing's reply
   */
  static Reply run(
      Models models,
      Profile now,
      GateOptions gate,
      int blockRuns,
      Path outputDirectory,
      String classpath) {
    AbProfiler.Options options = options(models, now, gate, blockRuns, outputDirectory);
    Path folder = outputDirectory.resolve(FOLDER).resolve("jvm");
    Path removable = ChildJvms.firstMissing(folder);
    ChildJvms.removeIfStopped(removable);
    try {
      ChildJvms.run(
          new ChildJvms.Where(classpath, null),
          CheckPairingFork.KIND,
          options,
          folder,
          "the check's pairing of the baseline's model and this build's");
      Reply reply = ChildJvms.reply(folder, Reply.class);
      if (reply == null) {
        throw LibreYoloException.badInput(
            "the check's pairing sent no result (its log: " + folder.resolve(ChildJvms.LOG) + ")");
      }
      return reply;
    } finally {
      ChildJvms.keep(removable);
    }
  }

  /** The in-job A/B's options: the kept model (A) and this build's (B) on the current workload. */
  static AbProfiler.Options options(
      Models models, Profile now, GateOptions gate, int blockRuns, Path outputDirectory) {
    Map<String, JsonNode> c = now.config();
    InferOptions.Builder infer =
        InferOptions.builder()
            .weights(models.current().toAbsolutePath().toString())
            .batch(integer(c, ProfileSchema.BATCH, Defaults.Infer.BATCH_VALUE))
            .imgsz(integer(c, ProfileSchema.IMGSZ, Defaults.Infer.IMGSZ_VALUE))
            .half(c.containsKey(ProfileSchema.HALF) && c.get(ProfileSchema.HALF).asBoolean())
            .device(DeviceSpec.parse(text(c, ProfileSchema.DEVICE, Defaults.DEVICE)))
            .nms(
                new NmsOptions(
                    (float) number(c, ProfileSchema.CONF, NmsOptions.DEFAULT.conf()),
                    (float) number(c, ProfileSchema.IOU, NmsOptions.DEFAULT.iou()),
                    integer(c, ProfileSchema.MAX_DET, NmsOptions.DEFAULT.maxDet())))
            .warmup(Defaults.Ab.WARMUP_VALUE)
            .trace(false) // the stored baseline's ops beside the current's explain what changed
            .project(outputDirectory.resolve(FOLDER).toAbsolutePath());
    if (c.containsKey(ProfileSchema.THREADS)) {
      infer.threads(c.get(ProfileSchema.THREADS).asInt());
    }
    if (c.containsKey(ProfileSchema.AMP_DTYPE)) {
      infer.ampDtype(c.get(ProfileSchema.AMP_DTYPE).asText());
    }
    String source = text(c, ProfileSchema.SOURCE, "bundled:");
    if (!source.startsWith("bundled:")) {
      infer.source(Path.of(source));
    }
    String task = text(c, ProfileSchema.TASK, null);
    if ("detect".equals(task) || "none".equals(task)) {
      infer.task(Task.parse(task));
    }
    String size = text(c, ProfileSchema.SIZE, "?");
    if (!java.util.List.of("t", "s", "m", "c").contains(size)
        && c.containsKey(ProfileSchema.INPUT_SHAPE)) {
      infer.inputShape(InputShape.parse(c.get(ProfileSchema.INPUT_SHAPE).asText()));
    } else if (!"?".equals(size)) {
      infer.size(size);
    }
    return new AbProfiler.Options(
        infer.build(),
        models.kept().toAbsolutePath().toString(),
        Defaults.Ab.PAIRS_VALUE,
        blockRuns,
        gate.alpha(),
        gate.maxRegression(),
        Defaults.Ab.LOOKS_VALUE);
  }

  /**
   * Calls a block: the in-job A/B's default, or as many as last at least {@link
   * Defaults.Gate#REMEASURE_BLOCK_MS_VALUE} by the current profile's median latency.
   */
  static int blockRuns(Profile now) {
    var latency = now.latency();
    double p50 = latency == null || latency.p50() == null ? Double.NaN : latency.p50().value();
    if (!(p50 > 0)) {
      return Defaults.Ab.BLOCK_RUNS_VALUE;
    }
    return Math.max(
        Defaults.Ab.BLOCK_RUNS_VALUE,
        (int) Math.ceil(Defaults.Gate.REMEASURE_BLOCK_MS_VALUE / p50));
  }

  private static int integer(Map<String, JsonNode> c, String key, int otherwise) {
    JsonNode v = c.get(key);
    return v != null && v.canConvertToInt() ? v.asInt() : otherwise;
  }

  private static double number(Map<String, JsonNode> c, String key, double otherwise) {
    JsonNode v = c.get(key);
    return v != null && v.isNumber() ? v.asDouble() : otherwise;
  }

  private static String text(Map<String, JsonNode> c, String key, String otherwise) {
    JsonNode v = c.get(key);
    return v != null && !v.isNull() ? v.asText() : otherwise;
  }
}
