package org.libreyolo.profile.internal.analysis;

import static org.libreyolo.profile.internal.analysis.TraceAnalyzer.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;
import org.libreyolo.profile.result.StepFigures;

/** One analysis: the accumulated window state and the profile it builds. */
final class AnalysisRun {
  final EventTable t;
  final String tracePath;
  final ProfileSummary summary;
  final ProfileSummary.Real real;
  final Window w;
  final int n;
  final boolean cpu;
  final double[] kernelDur;

  double gpuBusyUs;
  int nKern;
  double tcUs;
  double memcpyUs;
  int nMalloc;
  int nOps;
  final Rows kernels = new Rows();
  final Rows ops = new Rows();
  final Map<String, Double> phaseGpu = new LinkedHashMap<>();
  final List<double[]> intervals = new ArrayList<>();

  /** In-window CPU span time per phase (used for CPU profiles, whose phases are Java spans). */
  final Map<String, Double> phaseSpanUs = new LinkedHashMap<>();

  final List<String> intervalPhase = new ArrayList<>();
  final List<Integer> taggedKernels = new ArrayList<>();
  final List<Integer> taggedOps = new ArrayList<>();

  AnalysisRun(EventTable t, String tracePath, ProfileSummary summary) {
    this.t = t;
    this.tracePath = tracePath;
    this.summary = summary;
    this.real =
        summary.real() != null
            ? summary.real()
            : new ProfileSummary.Real(null, null, null, null, null);
    this.w = Window.of(t.markers);
    this.n = w.nReal();
    this.cpu = t.kernelCount() == 0 && t.hasCpuOps();
    EventTable.Nesting nesting = cpu ? t.cpuNesting() : null;
    this.kernelDur = cpu ? nesting.self() : t.dur;
    this.cpuLeaf = cpu ? nesting.leaf() : null;
  }

  /** On a CPU trace, which ops are leaves (they contain no other op); null on a GPU trace. */
  private final boolean[] cpuLeaf;

  /**
   * Whether event {@code i} holds kernel time: a GPU kernel; on a CPU trace an op with time of its
   * own (a convolution's compute sits in an op that also calls small ones).
   */
  private boolean isKernel(int i) {
    return cpu
        ? t.kind[i] == EventTable.CPU_OP && kernelDur[i] > 0
        : t.kind[i] == EventTable.KERNEL;
  }

  /**
   * Whether event {@code i} counts as a launch: a GPU kernel; on a CPU trace a leaf op, by the
   * recorded structure, never by whether a wrapper's own time rounds to 0 in this window (the count
   * moved from 1,514 to 2,409 between identical runs when that decided it).
   */
  private boolean isLaunch(int i) {
    return cpu ? t.kind[i] == EventTable.CPU_OP && cpuLeaf[i] : t.kind[i] == EventTable.KERNEL;
  }

  /**
   * Tensor-Core flags per interned name: the regex runs once per distinct kernel, not per event.
   */
  private byte[] tensorCore;

  private boolean isTensorCore(int nameId) {
    if (tensorCore == null) {
      tensorCore = new byte[t.names.size()];
    }
    if (tensorCore[nameId] == 0) {
      tensorCore[nameId] = (byte) (KernelTaxonomy.isTensorCore(t.names.get(nameId)) ? 1 : 2);
    }
    return tensorCore[nameId] == 1;
  }

  void accumulate() {
    for (int i = 0; i < t.size; i++) {
      if (!w.contains(t.ts[i])) {
        continue;
      }
      byte k = t.kind[i];
      if (isLaunch(i)) {
        nKern++;
      }
      if (isKernel(i)) {
        String name = t.names.get(t.name[i]);
        double dur = kernelDur[i];
        gpuBusyUs += dur;
        if (!cpu && isTensorCore(t.name[i])) {
          tcUs += dur;
        }
        kernels.add(name, dur);
        taggedKernels.add(i);
      }
      switch (k) {
        case EventTable.MEMCPY -> memcpyUs += t.dur[i];
        case EventTable.MALLOC -> nMalloc++;
        case EventTable.CPU_OP -> {
          ops.add(t.names.get(t.name[i]), t.dur[i]);
          nOps++;
          taggedOps.add(i);
        }
        case EventTable.GPU_PHASE -> phaseGpu.merge(t.names.get(t.name[i]), t.dur[i], Double::sum);
        case EventTable.CPU_PHASE -> {
          intervals.add(new double[] {t.ts[i], t.ts[i] + t.dur[i]});
          intervalPhase.add(t.names.get(t.name[i]));
          phaseSpanUs.merge(t.names.get(t.name[i]), t.dur[i], Double::sum);
        }
        default -> {}
      }
    }
  }

  ObjectNode build() {
    accumulate();
    double stepMsRaw =
        real.stepMs() != null && real.stepMs().value() != 0
            ? real.stepMs().value()
            : w.wallMs() / n;
    double busyMs = gpuBusyUs / 1000.0 / n;
    double dataload = real.dataloadMs() != null ? real.dataloadMs().value() : 0.0;
    StepShares shares = StepShares.of(stepMsRaw, busyMs, dataload);
    double utilRaw = shares.utilRaw();
    double util = shares.util();
    double host = shares.hostMs();
    long mallocs = nMalloc / n;
    boolean pressure = !cpu && (mallocs >= 5 || utilRaw > 1.05);
    long launches = nKern / n;
    double meanKernelUs = nKern > 0 ? gpuBusyUs / nKern : 0.0;
    double gpuUtil = PyRound.round(util, 3);
    double gpuUtilRaw = PyRound.round(utilRaw, 3);

    String[] verdict = verdict(gpuUtil, gpuUtilRaw, mallocs, pressure, stepMsRaw, busyMs);
    ObjectNode p = F.objectNode();
    p.put(ProfileSchema.SCHEMA, Profile.SCHEMA);
    p.put(ProfileSchema.TRACE, tracePath);
    ObjectNode config = summary.config() != null ? summary.config().deepCopy() : F.objectNode();
    p.set(ProfileSchema.MODEL, nullable(config.path(ProfileSchema.MODEL)));
    p.set(ProfileSchema.CONFIG, config);
    p.put(ProfileSchema.BOUND, verdict[0]);
    p.put(ProfileSchema.BOUND_WHY, verdict[1]);
    new StepFigures(
            new Num(PyRound.round(stepMsRaw, 2), false),
            real.imgPerS(),
            real.dataloadMs(),
            real.dataloadFrac(),
            new Num(gpuUtil, false),
            new Num(gpuUtilRaw, false),
            pressure,
            new Num(mallocs, true),
            new Num(PyRound.round(host, 2), false),
            new Num(launches, true),
            new Num(PyRound.round(busyMs, 2), false),
            new Num(PyRound.round(meanKernelUs, 2), false),
            new Num(launches, true),
            new Num(kernels.byName.size(), true),
            new Num(PyRound.round(memcpyUs / 1000.0 / n, 3), false),
            // a number even for CPU profiles (0.0: no Tensor Core time), as the schema says: the
            // reference's summary formats it with :.0f and fails on null (docs/deviations.md)
            new Num(!cpu && gpuBusyUs > 0 ? PyRound.round(tcUs / gpuBusyUs * 100, 1) : 0.0, false),
            summary.peakVramMb())
        .writeInto(p);
    ObjectNode window = p.putObject(ProfileSchema.WINDOW);
    window.put(ProfileSchema.WALL_MS, PyRound.round(w.wallMs(), 1));
    window.put(ProfileSchema.REAL_STEPS, n);

    Phases phases = new Phases();
    ObjectNode metrics = metrics(p, phases);
    p.set(ProfileSchema.METRICS, metrics);
    p.set(ProfileSchema.CATEGORIES, categories());
    p.set(ProfileSchema.PHASES, phases.entries);
    ArrayNode phasesGpu = F.arrayNode();
    for (JsonNode e : phases.entries) {
      ObjectNode g = phasesGpu.addObject();
      g.set(ProfileSchema.PHASE, e.get(ProfileSchema.PHASE));
      g.set(ProfileSchema.GPU_MS_PER_STEP, e.get(ProfileSchema.GPU_MS_PER_STEP));
    }
    p.set(ProfileSchema.PHASES_GPU, phasesGpu);
    p.set(ProfileSchema.KERNELS_BY_PHASE, phases.kernelsByPhase);
    p.set(ProfileSchema.OPS_BY_PHASE, phases.opsByPhase);
    ArrayNode kernelRows = kernelRows(kernels, Integer.MAX_VALUE);
    ArrayNode top = F.arrayNode();
    for (int i = 0; i < Math.min(TOP_KERNELS, kernelRows.size()); i++) {
      top.add(kernelRows.get(i).deepCopy());
    }
    p.set(ProfileSchema.TOP_KERNELS, top);
    p.set(ProfileSchema.KERNELS, kernelRows);
    p.set(ProfileSchema.OPS, opRows(ops, Integer.MAX_VALUE));
    p.put(
        ProfileSchema.DEVICE, cpu ? "cpu" : nKern > 0 || t.kernelCount() > 0 ? "cuda" : "unknown");
    p.put(
        ProfileSchema.KERNEL_SOURCE,
        cpu ? ProfileSchema.KERNEL_SOURCE_CPU : ProfileSchema.KERNEL_SOURCE_GPU);
    if (t.gpuName != null) {
      p.putObject(ProfileSchema.ENVIRONMENT).put(ProfileSchema.GPU_NAME, t.gpuName);
    }
    return p;
  }

  private String[] verdict(
      double gpuUtil,
      double gpuUtilRaw,
      long mallocs,
      boolean pressure,
      double stepMs,
      double busyMs) {
    String bound = summary.bound() != null ? summary.bound() : "";
    String why = summary.boundWhy();
    if (bound.isEmpty()) {
      String u = PyRound.format(gpuUtil * 100, 0);
      if (cpu && stepMs <= 0) {
        // no markers and no summary: a CPU trace has no step time to hold the ops against
        bound = "compute";
        why =
            "CPU ops total "
                + PyRound.format(busyMs, 2)
                + " ms; no ProfilerStep markers or summary, so"
                + " utilisation is unknown";
      } else if (cpu) {
        bound = gpuUtil >= 0.8 ? "compute" : "host / launch";
        why =
            gpuUtil >= 0.8
                ? "CPU ops busy ~" + u + "% of the step"
                : "CPU ops only ~"
                    + u
                    + "% busy \u2014 host overhead between ops (dataloader stall not"
                    + " measurable from trace alone)";
      } else if (gpuUtil >= 0.8) {
        bound = "compute";
        why = "GPU ~" + u + "% busy";
      } else {
        bound = "host / launch";
        why =
            "GPU only ~"
                + u
                + "% busy \u2014 tiny kernels / host overhead (dataloader stall not"
                + " measurable from trace alone)";
      }
    }
    if (pressure) {
      bound = "memory-pressure";
      why =
          "allocator thrash (~"
              + mallocs
              + " cudaMalloc/free per step"
              + (gpuUtilRaw > 1.05
                  ? "; util read " + PyRound.format(gpuUtilRaw * 100, 0) + "%"
                  : "")
              + ") \u2014 VRAM pressure; throughput and utilisation here are unreliable";
    }
    return new String[] {bound, why};
  }

  private ObjectNode metrics(ObjectNode p, Phases phases) {
    ObjectNode m = F.objectNode();
    ProfileSchema.copyToMetrics(p, m, ProfileSchema.ANALYSED_METRICS_BEFORE_OPS);
    m.put(ProfileSchema.OPS_PER_STEP, nOps / n);
    ProfileSchema.copyToMetrics(p, m, ProfileSchema.ANALYSED_METRICS_AFTER_OPS);
    for (JsonNode e : phases.entries) {
      ProfileSchema.copyPhaseToMetrics(e, m);
    }
    return m;
  }

  private ArrayNode categories() {
    Map<String, Double> sums = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : kernels.byName.entrySet()) {
      sums.merge(categoryOf(e.getKey()), e.getValue()[0], Double::sum);
    }
    List<Map.Entry<String, Double>> entries = new ArrayList<>(sums.entrySet());
    entries.removeIf(e -> !(e.getValue() > 0));
    entries.sort(Map.Entry.<String, Double>comparingByValue().reversed());
    ArrayNode out = F.arrayNode();
    for (Map.Entry<String, Double> e : entries) {
      out.add(
          new ProfileRows.CategoryRow(
                  e.getKey(),
                  PyRound.round(e.getValue() / kernels.denominator() * 100, 1),
                  PyRound.round(e.getValue() / 1000.0 / n, 3))
              .json());
    }
    return out;
  }

  private final Map<String, String> categories = new HashMap<>();

  /** Category per distinct name (the ordered regexes run once per name). */
  private String categoryOf(String name) {
    return categories.computeIfAbsent(
        name, n -> cpu ? KernelTaxonomy.cpuCategory(n) : KernelTaxonomy.category(n));
  }

  private final Map<String, Boolean> tensorCoreByName = new HashMap<>();

  ArrayNode kernelRows(Rows rows, int limit) {
    ArrayNode out = F.arrayNode();
    for (Map.Entry<String, double[]> e : rows.sortedByShare(2)) {
      if (out.size() >= limit) {
        break;
      }
      String name = e.getKey();
      double[] v = e.getValue();
      out.add(
          new ProfileRows.KernelRow(
                  cpu ? KernelTaxonomy.prefix(name, 40) : KernelTaxonomy.friendlyName(name),
                  KernelTaxonomy.prefix(name, 90),
                  categoryOf(name),
                  !cpu && tensorCoreByName.computeIfAbsent(name, KernelTaxonomy::isTensorCore),
                  PyRound.round(v[0] / 1000.0 / n, 4),
                  PyRound.round(v[0] / rows.denominator() * 100, 2),
                  Math.max((long) v[1] / n, 1),
                  null)
              .json());
    }
    return out;
  }

  ArrayNode opRows(Rows rows, int limit) {
    ArrayNode out = F.arrayNode();
    for (Map.Entry<String, double[]> e : rows.sortedByShare(2)) {
      if (out.size() >= limit) {
        break;
      }
      double[] v = e.getValue();
      out.add(
          new ProfileRows.OpRow(
                  KernelTaxonomy.prefix(e.getKey(), 70),
                  PyRound.round(v[0] / 1000.0 / n, 4),
                  PyRound.round(v[0] / rows.denominator() * 100, 2),
                  Math.max((long) v[1] / n, 1),
                  null)
              .json());
    }
    return out;
  }

  /** Phase attribution by CPU {@code step/} spans, kernels and ops by their start time. */
  private final class Phases {
    final ArrayNode entries = F.arrayNode();
    final ObjectNode kernelsByPhase = F.objectNode();
    final ObjectNode opsByPhase = F.objectNode();

    Phases() {
      Tagger tagger = new Tagger();
      Map<String, Rows> kernelRows = new LinkedHashMap<>();
      Map<String, Rows> opRowsByPhase = new HashMap<>();
      for (int i : taggedKernels) {
        kernelRows
            .computeIfAbsent(tagger.phaseOf(t.ts[i]), k -> new Rows())
            .add(t.names.get(t.name[i]), kernelDur[i]);
      }
      for (int i : taggedOps) {
        opRowsByPhase
            .computeIfAbsent(tagger.phaseOf(t.ts[i]), k -> new Rows())
            .add(t.names.get(t.name[i]), t.dur[i]);
      }
      Set<String> order = new LinkedHashSet<>();
      for (String phase : PHASE_ORDER) {
        // CPU profiles (beyond the reference): a Java-only stage such as letterbox has no ops,
        // but its span is the measurement, so it stays a phase
        boolean cpuSpan = cpu && phaseSpanUs.containsKey(phase);
        if (phaseGpu.containsKey(phase)
            || kernelRows.containsKey(phase)
            || opRowsByPhase.containsKey(phase)
            || cpuSpan) {
          order.add(phase);
        }
      }
      order.addAll(kernelRows.keySet());
      for (String phase : order) {
        Rows k = kernelRows.getOrDefault(phase, new Rows());
        Rows o = opRowsByPhase.getOrDefault(phase, new Rows());
        Double wall =
            phase.equals(ProfileSchema.DATALOAD)
                ? (real.dataloadMs() != null ? real.dataloadMs().value() : null)
                : (summary.compositionMs() != null ? summary.compositionMs().get(phase) : null);
        Num wallMs = null;
        if (wall != null) {
          wallMs = new Num(PyRound.round(wall, 2), false);
        } else if (cpu && phaseSpanUs.containsKey(phase)) {
          wallMs = new Num(PyRound.round(phaseSpanUs.get(phase) / 1000.0 / n, 2), false);
        }
        entries.add(
            new ProfileRows.PhaseRow(
                    phase,
                    new Num(PyRound.round(k.total / 1000.0 / n, 3), false),
                    wallMs,
                    new Num(k.count / n, true),
                    new Num(o.count / n, true),
                    new Num(k.byName.size(), true),
                    null)
                .json());
        kernelsByPhase.set(phase, kernelRows(k, TOP_PER_PHASE));
        opsByPhase.set(phase, opRows(o, TOP_PER_PHASE));
      }
    }
  }

  /** First sorted (start, end, phase) interval with start <= ts < end, in O(log n). */
  private final class Tagger {
    final double[] start;
    final double[] prefixMaxEnd;
    final String[] phase;

    Tagger() {
      Integer[] idx = new Integer[intervals.size()];
      int m = 0;
      for (int i = 0; i < intervals.size(); i++) {
        if (w.contains(intervals.get(i)[0])) {
          idx[m++] = i;
        }
      }
      Integer[] sorted = Arrays.copyOf(idx, m);
      Arrays.sort(
          sorted,
          Comparator.<Integer>comparingDouble(i -> intervals.get(i)[0])
              .thenComparingDouble(i -> intervals.get(i)[1])
              .thenComparing(intervalPhase::get));
      start = new double[m];
      prefixMaxEnd = new double[m];
      phase = new String[m];
      double max = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < m; k++) {
        start[k] = intervals.get(sorted[k])[0];
        max = Math.max(max, intervals.get(sorted[k])[1]);
        prefixMaxEnd[k] = max;
        phase[k] = intervalPhase.get(sorted[k]);
      }
    }

    String phaseOf(double ts) {
      // first k whose prefix max end exceeds ts: that interval's own end does
      int lo = 0;
      int hi = start.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (prefixMaxEnd[mid] > ts) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      return lo < start.length && start[lo] <= ts ? phase[lo] : UNPHASED;
    }
  }
}
