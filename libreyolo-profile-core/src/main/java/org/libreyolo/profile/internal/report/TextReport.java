package org.libreyolo.profile.internal.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows;

/**
 * The readers' text output (docs/reference-behaviour.md: "Readers", "Compare", "What-if"), line for
 * line. CPU profiles read as CPU: "CPU busy", "leaf ops", no Tensor Cores or VRAM.
 */
public final class TextReport {
  private TextReport() {}

  public static List<String> summary(Profile p) {
    if (p.isPlainCode()) {
      return plainSummary(p);
    }
    boolean cpu = onCpu(p);
    List<String> lines = new ArrayList<>();
    lines.add(
        "model "
            + (p.model() == null ? Fmt.orQ((String) null) : p.modelLabel())
            + "  |  "
            + Fmt.orQ(p.figures().imgPerS())
            + " img/s  |  step "
            + Num.str(p.figures().stepMs())
            + " ms  |  "
            + Num.str(p.figures().kernelsPerStep())
            + (cpu ? " leaf ops/step @ ~" : " kernels/step @ ~")
            + Fmt.f(Num.orZero(p.figures().meanKernelUs()), 0)
            + "us");
    if (p.isInference()) {
      ProfileRows.Latency l =
          p.latency() != null
              ? p.latency()
              : new ProfileRows.Latency(null, null, null, null, null, null, null);
      lines.add(latencyLine(l));
      lines.add(stagesLine(p));
      String gap = stagesGapLine(p);
      if (gap != null) {
        lines.add(gap);
      }
    }
    if (cpu) {
      lines.add(
          "CPU busy "
              + Fmt.f(Num.orZero(p.figures().gpuUtil()) * 100, 0)
              + "%  ("
              + Num.str(p.figures().gpuBusyMsPerStep())
              + " ms in ops)  |  Tensor Cores n/a  |  "
              + peakMemory(p.hostMemory())
              + "  |  memcpy "
              + Num.str(p.figures().memcpyMsPerStep())
              + " ms");
      lines.add(
          "host overhead "
              + Num.str(p.figures().hostOverheadMsPerStep())
              + " ms/step  |  "
              + Num.str(p.figures().launchesPerStep())
              + " leaf op calls/step");
      ProfileRows.Compensation c = p.compensation();
      if (c != null && c.applied()) {
        lines.add(
            "profiler cost taken out: ~"
                + Fmt.f(c.perOpUs(), 2)
                + " us/op"
                + (c.phasesScaled() ? ", phases scaled to their untraced times" : "")
                + "  (as recorded: CPU busy "
                + Num.str(c.rawBusyMsPerStep())
                + " ms, "
                + (c.rawBound() == null ? "None" : c.rawBound())
                + ")");
      }
    } else {
      lines.add(
          "GPU util "
              + Fmt.f(Num.orZero(p.figures().gpuUtil()) * 100, 0)
              + "%  ("
              + Num.str(p.figures().gpuBusyMsPerStep())
              + " ms busy)  |  Tensor Cores "
              + Fmt.f(Num.orZero(p.figures().tensorcorePct()), 0)
              + "%  |  peak VRAM "
              + Fmt.orQ(p.figures().peakVramMb())
              + " MB  |  memcpy "
              + Num.str(p.figures().memcpyMsPerStep())
              + " ms");
      lines.add(
          "host overhead "
              + Num.str(p.figures().hostOverheadMsPerStep())
              + " ms/step  |  "
              + Num.str(p.figures().launchesPerStep())
              + " kernel launches/step");
    }
    ProfileRows.TraceFrom from = p.traceFrom();
    if (from != null) {
      lines.add(
          "trace from fork "
              + from.fork()
              + " of "
              + from.forks()
              + " (its own step "
              + Num.str(from.stepMs())
              + " ms): ops and busy time are that fork's; step, img/s and latency pool all "
              + from.forks()
              + " forks");
    }
    String memory = memoryLine(p);
    if (memory != null) {
      lines.add(memory);
    }
    if (Boolean.TRUE.equals(p.figures().memoryPressure())) {
      lines.add(
          cpu
              ? "** MEMORY-PRESSURE: major page faults in the measured runs (swap or evicted"
                  + " pages), timings here are unreliable **"
              : "** MEMORY-PRESSURE: VRAM thrash, utilisation/throughput here are unreliable **");
    }
    lines.add(
        ">> "
            + String.valueOf(p.bound() == null ? "" : p.bound()).toUpperCase(Locale.ROOT)
            + ": "
            + (p.boundWhy() == null ? "" : p.boundWhy()));
    lines.add(cpu ? "op mix (self time):" : "kernel mix:");
    for (ProfileRows.CategoryRow c : p.categories()) {
      lines.add(
          "  "
              + Fmt.left(c.name(), 17)
              + " "
              + Fmt.f(c.pct(), 5, 1)
              + "%   "
              + Fmt.f(c.msPerStep(), 1)
              + " ms/step");
    }
    lines.add(cpu ? "top leaf ops/step (self time):" : "top kernels/step:");
    for (ProfileRows.KernelRow k : p.topKernels()) {
      lines.add(
          "  "
              + Fmt.f(k.pctOfGpu(), 5, 1)
              + "%  "
              + Fmt.f(k.msPerStep(), 6, 3)
              + " ms  x"
              + Fmt.left(Long.toString(k.countPerStep()), 4)
              + " "
              + k.kernel()
              + (k.tensorcore() ? " [TC]" : ""));
    }
    lines.addAll(javaLines(p.javaSamples()));
    return lines;
  }

  /**
   * Whether the profile's figures are the host's: a CPU trace, or a profile of ours measured on the
   * CPU (a plain-Java step's trace has no ops); else a GPU's.
   */
  static boolean onCpu(Profile p) {
    return p.isCpu() || "cpu".equals(p.device());
  }

  /** {@code latency p50 .. ms | p90 .. | p99 .. | mean .. ms (n samples)}, as the reference. */
  static String latencyLine(ProfileRows.Latency l) {
    return percentiles(l)
        + " | mean "
        + Num.str(l.mean())
        + " ms  ("
        + Num.str(l.n())
        + " samples)";
  }

  /**
   * {@code latency p50 .. ms | p90 .. ms | p99 .. ms}: the head of every latency line (the
   * summary's, and {@code infer}'s, which the reference ends with the throughput).
   */
  public static String percentiles(ProfileRows.Latency l) {
    return "latency  p50 "
        + Num.str(l.p50())
        + " ms | p90 "
        + Num.str(l.p90())
        + " ms | p99 "
        + Num.str(l.p99())
        + " ms";
  }

  /** The banner of a plain-Java step: what it holds, and that no bound can be named. */
  static final String PLAIN_VERDICT =
      "timings, memory and Java samples of plain JVM code; no engine ops to attribute a bound to";

  /**
   * A step of plain JVM code: its own unit and its timings, memory and Java samples; no op, kernel,
   * device or model figure (none ran), no bound verdict (nothing to attribute a bound to).
   */
  static List<String> plainSummary(Profile p) {
    List<String> lines = new ArrayList<>();
    lines.add(
        "step "
            + (p.model() == null ? Fmt.orQ((String) null) : p.model())
            + "  |  "
            + Fmt.orQ(p.figures().imgPerS())
            + " "
            + p.throughputUnit()
            + "/s  |  step "
            + Num.str(p.figures().stepMs())
            + " ms  |  plain JVM code (no engine ops)");
    ProfileRows.Latency l = p.latency();
    if (l != null && l.p50() != null) {
      lines.add(latencyLine(l));
    }
    if (!p.stagesMs().isEmpty()) {
      List<String> phases = new ArrayList<>();
      p.stagesMs().forEach((name, ms) -> phases.add(name + " " + Num.str(ms) + " ms"));
      lines.add("phases   " + String.join(" | ", phases) + " (means)");
    }
    String memory = memoryLine(p);
    lines.add(
        (memory == null ? "memory   " : memory + "  |  ")
            + (p.hostMemory() == null ? "peak RSS n/a" : peakMemory(p.hostMemory())));
    lines.add(">> PLAIN CODE: " + PLAIN_VERDICT);
    lines.addAll(javaLines(p.javaSamples()));
    return lines;
  }

  /**
   * What the samples could not attribute: other threads' samples inside the iterations, which no
   * phase of the measuring thread owns.
   */
  static String otherThreads(SampleRows.JavaSamples j) {
    if (j.otherThreads().isEmpty()) {
      return "";
    }
    int n = j.otherThreads().values().stream().mapToInt(Integer::intValue).sum();
    return "; "
        + n
        + " on "
        + j.otherThreads().size()
        + " other thread"
        + (j.otherThreads().size() == 1 ? "" : "s")
        + ", not attributed to a phase ("
        + String.join(", ", j.otherThreads().keySet().stream().limit(3).toList())
        + (j.otherThreads().size() > 3 ? ", ..." : "")
        + ")";
  }

  /** {@code java}: per phase, its share of the samples, then its methods with their share of it. */
  public static List<String> java(Lenses.JavaView v) {
    List<String> lines = new ArrayList<>();
    SampleRows.JavaSamples j = v.samples();
    lines.add(
        "java samples by "
            + (v.byTotal() ? "total (on the stack)" : "self (top Java frame)")
            + ": "
            + j.samples()
            + " every "
            + j.periodMs()
            + " ms in the measured runs, thread "
            + j.thread()
            + otherThreads(j));
    for (SampleRows.JavaPhase ph : j.phases()) {
      lines.add(
          Fmt.left(ph.phase(), 12)
              + " "
              + Fmt.f(100 * ph.share(), 5, 1)
              + "%  "
              + ph.samples()
              + " samples, "
              + ph.nativeSamples()
              + " in native calls");
      for (SampleRows.JavaMethod m :
          Lenses.firstRows(v.byTotal() ? ph.total() : ph.self(), v.top())) {
        lines.add(
            "  "
                + Fmt.f(100 * m.share(), 5, 1)
                + "%  "
                + Fmt.left(Integer.toString(m.samples()), 5)
                + " "
                + m.method());
      }
    }
    return lines;
  }

  /**
   * A CPU profile's memory: the peak resident set of the measured runs where a producer here
   * measured it, {@code peak VRAM n/a} otherwise (a trace, the reference's profiles), as before.
   */
  static String peakMemory(ProfileRows.HostMemory m) {
    if (m == null) {
      return "peak VRAM n/a";
    }
    String faults =
        m.majorFaults() == null || m.majorFaults() == 0
            ? ""
            : ", " + m.majorFaults() + " major page faults";
    return "peak RSS "
        + Fmt.f(m.peakRssMb(), 0)
        + " MB"
        + ("measured runs".equals(m.peakSince()) ? "" : " (since process start)")
        + faults;
  }

  /**
   * Our memory figures, where a producer here measured them: the tensor bytes the ops allocate per
   * step and hold at most, and the Java heap an iteration allocates. Null for the reference's
   * profiles and traces, whose text stays as it was.
   */
  static String memoryLine(Profile p) {
    List<String> parts = new ArrayList<>();
    memoryParts(p).forEach((what, value) -> parts.add(what + " " + value));
    return parts.isEmpty() ? null : "memory   " + String.join("  |  ", parts);
  }

  /**
   * The figures of {@link #memoryLine}, each named: {@code tensors}, {@code Java heap}; empty for
   * the reference's profiles and traces. The HTML's rows are these, not the line read back.
   */
  static Map<String, String> memoryParts(Profile p) {
    Map<String, String> parts = new LinkedHashMap<>();
    ProfileRows.TensorMemory t = p.tensorMemory();
    if (t != null) {
      parts.put(
          "tensors",
          Fmt.bytes(t.allocatedBytesPerStep())
              + "/step allocated, "
              + Fmt.bytes(t.peakLiveBytes())
              + " peak live");
    }
    Long heap = p.javaHeapBytesPerIteration();
    if (heap != null) {
      parts.put("Java heap", Fmt.bytes(heap) + "/iteration");
    }
    return parts;
  }

  /**
   * The hottest Java method of each phase (by self samples), after the op mix: where the time
   * outside the named ops goes. Nothing when the profile has no Java samples.
   */
  static List<String> javaLines(SampleRows.JavaSamples j) {
    List<String> lines = new ArrayList<>();
    if (j != null && j.why() != null) {
      lines.add("java samples: none, " + j.why());
      return lines;
    }
    if (j == null || (j.samples() == 0 && j.otherThreads().isEmpty())) {
      return lines;
    }
    lines.add(
        "java samples (JFR every "
            + j.periodMs()
            + " ms, thread "
            + j.thread()
            + "): "
            + j.samples()
            + " in the measured runs, "
            + j.nativeSamples()
            + " inside native calls"
            + otherThreads(j));
    for (SampleRows.JavaPhase ph : j.phases()) {
      SampleRows.JavaMethod top = ph.self().isEmpty() ? null : ph.self().get(0);
      lines.add(
          "  "
              + Fmt.left(ph.phase(), 12)
              + " "
              + Fmt.f(100 * ph.share(), 5, 1)
              + "%  "
              + (top == null
                  ? "-"
                  : top.method() + "  (" + Fmt.f(100 * top.share(), 0) + "% of the phase)"));
    }
    return lines;
  }

  /** The stage split line of an infer profile (the CLI summary and the infer report share it). */
  public static String stagesLine(Profile p) {
    Map<String, Num> stages = p.stagesMs();
    String head =
        "stages   preprocess "
            + Num.str(stages.get(ProfileSchema.PREPROCESS))
            + " ms | forward "
            + Num.str(stages.get(ProfileSchema.FORWARD))
            + " ms | ";
    // the stages are means, the latency beside them percentiles: the line names its estimator
    return "none".equals(p.task())
        ? head + "no postprocess (a plain model) (means)"
        : head
            + "postprocess/NMS "
            + Num.str(stages.get(ProfileSchema.POSTPROCESS))
            + " ms (means)";
  }

  /**
   * The line after {@link #stagesLine} where the stages' sum exceeds the latency's mean, or null.
   *
   * @param p an inference profile
   * @return the line, or null when the stages fit inside the step
   */
  public static String stagesGapLine(Profile p) {
    String gap = stagesGap(p.stagesMs(), p.latency() == null ? null : p.latency().mean());
    return gap.isEmpty() ? null : gap;
  }

  /** A gap below 1% is the two means' rounding and sampling, not worth a line. */
  static final double GAP_SAID = 0.01;

  /**
   * The stages are timed in iterations of their own (a clock synchronised at each boundary), the
   * latency in the others: where their sum exceeds the latency's mean, the line says by how much
   * and why, so a stage never reads as larger than the step it partitions without a word.
   */
  static String stagesGap(Map<String, Num> stages, Num latencyMean) {
    double sum = 0;
    for (Num n : stages.values()) {
      sum += Num.orZero(n);
    }
    double mean = Num.orZero(latencyMean);
    if (mean <= 0 || sum <= mean * (1 + GAP_SAID)) {
      return "";
    }
    return "         the stages together "
        + Fmt.f(sum, 1)
        + " ms, "
        + Fmt.f(100 * (sum / mean - 1), 1)
        + "% above the latency mean "
        + Fmt.f(mean, 1)
        + " ms: they are timed in iterations of their own, alternating with the latency's"
        + " (their clock waits at each boundary)";
  }
}
