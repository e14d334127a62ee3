package org.libreyolo.profile.produce;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.analysis.InferenceVerdict;
import org.libreyolo.profile.analysis.LatencyStats;
import org.libreyolo.profile.analysis.PyRound;
import org.libreyolo.profile.analysis.TraceAnalyzer;
import org.libreyolo.profile.capture.CaptureOptions;
import org.libreyolo.profile.capture.CaptureSession;
import org.libreyolo.profile.capture.Span;
import org.libreyolo.profile.data.ImageSource;
import org.libreyolo.profile.data.RgbImage;
import org.libreyolo.profile.engine.Engines;
import org.libreyolo.profile.engine.Environment;
import org.libreyolo.profile.model.CocoNames;
import org.libreyolo.profile.model.Detector;
import org.libreyolo.profile.pipeline.Predictor;
import org.libreyolo.profile.profile.Profile;
import org.libreyolo.profile.profile.ProfileIo;
import org.libreyolo.profile.weights.Detectors;
import org.libreyolo.profile.weights.WeightsSource;

/**
 * {@code profile infer}: warmup, then measured iterations of preprocess, forward and
 * postprocess; the first half gives end-to-end latencies, the second half stage times (on CPU
 * there is nothing to sync, so both halves run alike); then, with tracing on, a few traced
 * iterations for the kernel/op composition. Writes profile_summary.json, the trace and
 * profile.json per trial, and infer_repeat.json across trials.
 */
public final class InferProfiler {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private InferProfiler() {}

  public static InferResult run(InferOptions o, Progress progress) {
    List<RgbImage> images = ImageSource.load(o.source());
    WeightsSource weights = WeightsSource.resolve(o.weights(), o.size());
    Engines.boot(o.threads());
    Device device = Engines.resolve(o.device());
    checkWritable(o.project());

    int trials = o.trials();
    List<Path> paths = new ArrayList<>();
    List<Double> throughputs = new ArrayList<>();
    List<double[]> latencies = new ArrayList<>();
    ObjectNode last = null;
    for (int i = 0; i < trials; i++) {
      Path dir = o.project().resolve(trials > 1 ? "infer_" + i : "infer");
      String stage = trials > 1 ? "trial " + (i + 1) + "/" + trials + " " : "";
      try (Detector detector = Detectors.load(weights, CocoNames.NAMES.size(), device)) {
        Trial trial = measure(detector, images, o, dir, stage, progress);
        last = finish(trial, detector, weights, o, dir);
      }
      paths.add(dir.resolve("profile.json"));
      JsonNode ips = last.path("img_per_s");
      if (ips.isNumber()) {
        throughputs.add(ips.asDouble());
      }
      latencies.add(last.path("samples").path("latency_ms").isArray() ? toArray(last.path("samples").path("latency_ms")) : new double[0]);
      if (i < trials - 1) {
        System.gc();
      }
    }
    if (throughputs.size() > 1) {
      Path aggregate = o.project().resolve("infer_repeat.json");
      ObjectNode repeat = aggregate(last, throughputs, latencies);
      ProfileIo.writeCompact(aggregate, repeat);
      return new InferResult(aggregate, repeat, repeat.get("img_per_s").asDouble(),
          repeat.get("img_per_s_std").asDouble(), throughputs.size());
    }
    Double ips = last.path("img_per_s").isNumber() ? last.path("img_per_s").asDouble() : null;
    return new InferResult(paths.get(paths.size() - 1), last, ips, null, 1);
  }

  /**
   * Fails before any work when {@code --project} cannot be written, without creating anything:
   * the nearest existing ancestor must be a writable directory (results create the rest).
   */
  static void checkWritable(Path project) {
    Path p = project.toAbsolutePath();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    if (p == null || !Files.isDirectory(p) || !Files.isWritable(p)) {
      throw LibreYoloException.badInput("cannot write under --project " + project + ": "
          + (p == null ? "no existing parent" : p + (Files.isDirectory(p) ? " is not writable" : " is not a directory")));
    }
  }

  /** Raw measurements of one trial. */
  private record Trial(double[] latency, double[] pre, double[] fwd, double[] post, Path trace, int size) {}

  private static Trial measure(Detector detector, List<RgbImage> images, InferOptions o, Path dir,
      String stage, Progress progress) {
    int size = o.inputSize();
    Predictor predictor = new Predictor(detector, size, size, o.nms());
    int runs = o.measuredRuns();
    int half = Math.max(1, runs / 2);
    CaptureSession untraced = CaptureSession.start(CaptureOptions.off());
    for (int i = 0; i < o.warmup(); i++) {
      iterate(predictor, batch(images, i, o.batch()), untraced);
      progress.update(stage + "warmup", i + 1, o.warmup());
    }
    double[] latency = new double[half];
    double[] pre = new double[runs - half];
    double[] fwd = new double[runs - half];
    double[] post = new double[runs - half];
    for (int m = 0; m < runs; m++) {
      long[] t = iterate(predictor, batch(images, o.warmup() + m, o.batch()), untraced);
      if (m < half) {
        latency[m] = (t[3] - t[0]) / 1e6;
      } else {
        pre[m - half] = (t[1] - t[0]) / 1e6;
        fwd[m - half] = (t[2] - t[1]) / 1e6;
        post[m - half] = (t[3] - t[2]) / 1e6;
      }
      progress.update(stage + "runs", m + 1, runs);
    }
    Path trace = null;
    if (o.trace()) {
      int steps = traceSteps(runs);
      try (CaptureSession session = CaptureSession.start(CaptureOptions.tracing(dir.resolve("profile_trace.json")))
          .firstStepNumber(o.warmup() + runs)) {
        for (int m = 0; m < steps; m++) {
          session.nextStep();
          iterate(predictor, batch(images, o.warmup() + runs + m, o.batch()), session);
          progress.update(stage + "trace", m + 1, steps);
        }
        trace = session.stop();
      }
    }
    return new Trial(latency, pre, fwd, post, trace, size);
  }

  /**
   * Traced iterations run after the timed ones, never during them: DJL's legacy operator
   * profiler costs about as much as the forward itself on this model (thousands of events per
   * forward, growing with the session), which would corrupt every latency. The reference's
   * analysis window reads markers 2 to 8, so 9 traced steps (fewer if runs are fewer) give it
   * all it uses.
   */
  static int traceSteps(int runs) {
    return Math.min(runs, 9);
  }

  /** One iteration; returns nanoTime before preprocess and after each stage. */
  private static long[] iterate(Predictor predictor, List<RgbImage> images, CaptureSession session) {
    long[] t = new long[4];
    t[0] = System.nanoTime();
    Predictor.Batch batch;
    try (Span s = session.phase("preprocess")) {
      batch = predictor.preprocess(images);
    }
    t[1] = System.nanoTime();
    try (NDManager sub = predictor.detector().manager().newSubManager()) {
      NDList out;
      try (Span s = session.phase("forward")) {
        out = predictor.forward(sub, batch);
      }
      t[2] = System.nanoTime();
      try (Span s = session.phase("postprocess")) {
        predictor.postprocess(out.get(0), batch);
      }
      t[3] = System.nanoTime();
    }
    return t;
  }

  /** Images {@code (i * batch + j) mod N}: the source list cycles to fill every batch. */
  static List<RgbImage> batch(List<RgbImage> images, int iteration, int batch) {
    List<RgbImage> out = new ArrayList<>(batch);
    for (int j = 0; j < batch; j++) {
      out.add(images.get((int) (((long) iteration * batch + j) % images.size())));
    }
    return out;
  }

  private static ObjectNode finish(Trial t, Detector detector, WeightsSource weights, InferOptions o, Path dir) {
    LatencyStats lat = LatencyStats.of(t.latency());
    double pre = t.pre().length == 0 ? 0.0 : PyRound.round(LatencyStats.mean(t.pre()), 3);
    double fwd = t.fwd().length == 0 ? 0.0 : PyRound.round(LatencyStats.mean(t.fwd()), 3);
    double post = t.post().length == 0 ? 0.0 : PyRound.round(LatencyStats.mean(t.post()), 3);
    double meanMs = lat.n() > 0 ? lat.mean() : pre + fwd + post;
    double imgPerS = meanMs > 0 ? PyRound.round(o.batch() / (meanMs / 1000.0), 2) : 0.0;

    ObjectNode meta = meta(detector, weights, o, t.size());
    ObjectNode latency = latencyNode(lat, meanMs);
    ObjectNode stages = F.objectNode();
    stages.put("preprocess", pre);
    stages.put("forward", fwd);
    stages.put("postprocess", post);

    ObjectNode summary = F.objectNode();
    summary.set("meta", meta);
    ObjectNode real = summary.putObject("real");
    real.put("step_ms", meanMs);
    real.put("img_per_s", imgPerS);
    real.put("dataload_ms", 0.0);
    real.put("dataload_frac", 0.0);
    summary.set("latency", latency);
    summary.set("stages_ms", stages);
    summary.putNull("bound");
    summary.put("bound_why", "");
    Path summaryPath = dir.resolve("profile_summary.json");
    ProfileIo.writeIndented(summaryPath, summary);

    boolean cuda = o.device().cuda();
    ObjectNode profile = null;
    if (t.trace() != null) {
      try {
        profile = TraceAnalyzer.analyze(t.trace(), summary).json();
      } catch (LibreYoloException e) {
        profile = null; // reference: an analysis failure falls back to the trace-less profile
      }
    }
    InferenceVerdict verdict;
    if (profile != null) {
      Double util = profile.path("gpu_util").isNumber() && cuda ? profile.get("gpu_util").asDouble() : null;
      verdict = InferenceVerdict.of(pre, fwd, post, util, cuda);
      overlay(profile, verdict, latency, stages);
    } else {
      verdict = InferenceVerdict.of(pre, fwd, post, null, cuda);
      profile = fallback(meta, verdict, meanMs, imgPerS, lat, latency, stages);
    }
    profile.put("device", o.device().label());
    if (!profile.has("kernel_source")) {
      profile.put("kernel_source", "none");
    }
    ObjectNode env = Environment.fingerprint(o.device().label(), detector.info().parameters());
    profile.set("environment", env);
    profile.set("samples", samples(t));
    ProfileKeys.moveOursToEnd(profile);

    summary.put("bound", profile.get("bound").asText());
    summary.put("bound_why", profile.get("bound_why").asText());
    ProfileIo.writeIndented(summaryPath, summary);
    ProfileIo.writeCompact(dir.resolve("profile.json"), profile);
    return profile;
  }

  private static ObjectNode meta(Detector detector, WeightsSource weights, InferOptions o, int size) {
    ObjectNode meta = F.objectNode();
    meta.put("model", weights.requested());
    meta.put("batch", o.batch());
    meta.put("imgsz", size);
    meta.put("half", o.half());
    meta.put("amp_dtype", o.ampDtype());
    meta.put("device", o.device().label());
    meta.put("conf", Double.parseDouble(Float.toString(o.nms().conf())));
    meta.put("iou", Double.parseDouble(Float.toString(o.nms().iou())));
    meta.put("max_det", o.nms().maxDet());
    meta.put("mode", "inference");
    // ours: what the reference leaves implicit
    meta.put("weights", weights.label());
    meta.put("size", detector.info().size());
    meta.put("params", detector.info().parameters());
    meta.put("threads", Engines.threads());
    meta.put("warmup", o.warmup());
    meta.put("runs", o.measuredRuns());
    meta.put("trace", o.trace());
    meta.put("trace_steps", o.trace() ? traceSteps(o.measuredRuns()) : 0);
    return meta;
  }

  private static ObjectNode latencyNode(LatencyStats lat, double meanMs) {
    ObjectNode latency = F.objectNode();
    putNullable(latency, "p50_ms", lat.p50());
    putNullable(latency, "p90_ms", lat.p90());
    putNullable(latency, "p99_ms", lat.p99());
    latency.put("mean_ms", meanMs);
    putNullable(latency, "min_ms", lat.min());
    putNullable(latency, "max_ms", lat.max());
    latency.put("n", lat.n());
    return latency;
  }

  private static void putNullable(ObjectNode node, String key, Double value) {
    if (value == null) {
      node.putNull(key);
    } else {
      node.put(key, value);
    }
  }

  /** profile-behaviour.md 3.5: the inference fields over a traced analysis. */
  private static void overlay(ObjectNode p, InferenceVerdict v, ObjectNode latency, ObjectNode stages) {
    if (!p.path("memory_pressure").asBoolean(false)) {
      p.put("bound", v.bound());
      p.put("bound_why", v.why());
    }
    p.put("mode", "inference");
    p.set("latency", latency.deepCopy());
    p.set("stages_ms", stages.deepCopy());
    ObjectNode m = (ObjectNode) p.get("metrics");
    putInferenceMetrics(m, latency, stages, p.get("img_per_s"));
    m.set("bound", p.get("bound"));
  }

  /** The inference keys of {@code metrics} (3.5), shared by the traced overlay and the fallback. */
  private static void putInferenceMetrics(ObjectNode m, ObjectNode latency, ObjectNode stages, JsonNode imgPerS) {
    m.set("latency_p50_ms", latency.get("p50_ms"));
    m.set("latency_p90_ms", latency.get("p90_ms"));
    m.set("latency_p99_ms", latency.get("p99_ms"));
    m.set("throughput_img_s", imgPerS);
    m.set("preprocess_ms", stages.get("preprocess"));
    m.set("forward_ms", stages.get("forward"));
    m.set("nms_ms", stages.get("postprocess"));
  }

  /** profile-behaviour.md 3.5, trace-less: key for key, in order. */
  private static ObjectNode fallback(ObjectNode meta, InferenceVerdict v, double meanMs, double imgPerS,
      LatencyStats lat, ObjectNode latency, ObjectNode stages) {
    ObjectNode p = F.objectNode();
    p.put("schema", Profile.SCHEMA);
    p.put("mode", "inference");
    p.putNull("trace");
    p.set("model", meta.get("model"));
    p.set("config", meta.deepCopy());
    p.put("bound", v.bound());
    p.put("bound_why", v.why());
    p.put("step_ms", PyRound.round(meanMs, 3));
    p.put("img_per_s", imgPerS);
    p.put("dataload_ms", 0.0);
    p.put("dataload_frac", 0.0);
    p.put("gpu_util", 0.0);
    p.put("gpu_util_raw", 0.0);
    p.put("memory_pressure", false);
    p.put("cuda_mallocs_per_step", 0);
    p.put("host_overhead_ms_per_step", 0.0);
    p.put("launches_per_step", 0);
    p.put("gpu_busy_ms_per_step", 0.0);
    p.put("mean_kernel_us", 0.0);
    p.put("kernels_per_step", 0);
    p.put("unique_kernels", 0);
    p.put("memcpy_ms_per_step", 0.0);
    p.put("tensorcore_pct", 0.0);
    p.putNull("peak_vram_mb");
    ObjectNode window = p.putObject("window");
    window.put("wall_ms", 0.0);
    window.put("real_steps", lat.n());
    p.set("latency", latency.deepCopy());
    p.set("stages_ms", stages.deepCopy());
    ObjectNode m = p.putObject("metrics");
    m.put("img_per_s", imgPerS);
    m.set("step_ms", p.get("step_ms"));
    m.put("gpu_util", 0.0);
    m.put("gpu_busy_ms", 0.0);
    m.put("mean_kernel_us", 0.0);
    m.put("kernels_per_step", 0);
    m.put("unique_kernels", 0);
    m.put("memcpy_ms", 0.0);
    m.put("tensorcore_pct", 0.0);
    m.putNull("peak_vram_mb");
    m.put("host_overhead_ms", 0.0);
    m.put("launches_per_step", 0);
    m.put("cuda_mallocs_per_step", 0);
    m.put("memory_pressure", false);
    m.put("bound", v.bound());
    putInferenceMetrics(m, latency, stages, p.get("img_per_s"));
    m.set("preprocess_wall_ms", stages.get("preprocess"));
    m.set("forward_wall_ms", stages.get("forward"));
    m.set("postprocess_wall_ms", stages.get("postprocess"));
    p.putArray("categories");
    ArrayNode phases = p.putArray("phases");
    for (String stage : List.of("preprocess", "forward", "postprocess")) {
      ObjectNode e = phases.addObject();
      e.put("phase", stage);
      e.put("gpu_ms_per_step", 0.0);
      e.set("wall_ms_per_step", stages.get(stage));
      e.put("kernels_per_step", 0);
      e.put("ops_per_step", 0);
      e.put("unique_kernels", 0);
    }
    p.putArray("phases_gpu");
    p.putObject("kernels_by_phase");
    p.putObject("ops_by_phase");
    p.putArray("top_kernels");
    p.putArray("kernels");
    p.putArray("ops");
    return p;
  }

  /** Ours: every raw sample, so compare can run real statistics. */
  private static ObjectNode samples(Trial t) {
    ObjectNode s = F.objectNode();
    s.set("latency_ms", array(t.latency()));
    ObjectNode stages = s.putObject("stages_ms");
    stages.set("preprocess", array(t.pre()));
    stages.set("forward", array(t.fwd()));
    stages.set("postprocess", array(t.post()));
    return s;
  }

  private static ArrayNode array(double[] values) {
    ArrayNode a = F.arrayNode();
    for (double v : values) {
      a.add(PyRound.round(v, 4));
    }
    return a;
  }

  private static double[] toArray(JsonNode array) {
    double[] out = new double[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.get(i).asDouble();
    }
    return out;
  }

  /** profile-behaviour.md 10.2 on the last trial's profile, plus our samples of every trial. */
  static ObjectNode aggregate(ObjectNode last, List<Double> throughputs, List<double[]> latencies) {
    ObjectNode p = last.deepCopy();
    double[] values = throughputs.stream().mapToDouble(Double::doubleValue).toArray();
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    p.put("img_per_s", mean);
    ((ObjectNode) p.get("metrics")).put("throughput_img_s", mean);
    p.put("img_per_s_std", PyRound.round(LatencyStats.pstdev(values), 2));
    p.put("img_per_s_n", values.length);
    ArrayNode trials = p.putArray("img_per_s_trials");
    for (double v : values) {
      trials.add(PyRound.round(v, 2));
    }
    ObjectNode samples = F.objectNode();
    samples.set("img_per_s_trials", array(values));
    ArrayNode perTrial = samples.putArray("latency_ms_per_trial");
    for (double[] l : latencies) {
      perTrial.add(array(l));
    }
    samples.set("latency_ms", array(latencies.get(latencies.size() - 1)));
    p.set("samples", samples);
    ProfileKeys.moveOursToEnd(p);
    return p;
  }
}
