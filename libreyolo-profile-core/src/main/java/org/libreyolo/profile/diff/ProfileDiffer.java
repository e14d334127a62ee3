package org.libreyolo.profile.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.result.NaturalOrder;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.SampleRows;

/**
 * Builds a {@link ProfileDiff} from two profiles' rows (docs/diff.md). A row's noise is its own:
 * the spread a traced row shows between two unchanged jobs ({@link RowNoise}), its spread across
 * the processes each side traced (Welch), and for Java methods their samples' counting error; the
 * largest of them.
 */
final class ProfileDiffer {
  private static final String CALLS = ProfileDiff.CALLS;
  private static final String KERNELS = ProfileDiff.KERNELS;
  private static final String JAVA = ProfileDiff.JAVA;

  private ProfileDiffer() {}

  /**
   * One side's value of a row: over {@code processes} processes where several were traced, with the
   * variance of their values ({@code variance}, NaN for one).
   */
  private record Value(
      double ms,
      long count,
      long macs,
      String shape,
      String phase,
      boolean present,
      int processes,
      double variance,
      int order) {
    static final Value NONE = new Value(0, 0, 0, null, null, false, 0, Double.NaN, -1);

    Value(double ms, long count, long macs, String shape, String phase, boolean present) {
      this(ms, count, macs, shape, phase, present, 1, Double.NaN, -1);
    }
  }

  static ProfileDiff diff(
      Profile before,
      Profile after,
      List<OpCalls.Process> callsBefore,
      List<OpCalls.Process> callsAfter,
      StepChange change,
      String phase,
      List<String> notes) {
    double b = stepMs(before, phase);
    double a = stepMs(after, phase);
    double tb = traced(callsBefore, before, phase);
    double ta = traced(callsAfter, after, phase);
    // a row's share is of the change it is part of: the traced step's for traced rows
    Rows rows = new Rows(b, a - b);
    Rows tracedRows = Double.isNaN(tb) || Double.isNaN(ta) ? rows : new Rows(tb, ta - tb);
    List<DiffRow> calls =
        !callsBefore.isEmpty() && !callsAfter.isEmpty()
            ? tracedRows.partition(calls(callsBefore, phase), calls(callsAfter, phase))
            : List.of();
    List<DiffRow> kernels =
        tracedRows.partition(kernels(before, phase, true), kernels(after, phase, true));
    List<DiffRow> javaSelf = javaRows(rows, before, after, phase, true);
    String level =
        !calls.isEmpty() ? CALLS : !kernels.isEmpty() ? KERNELS : !javaSelf.isEmpty() ? JAVA : null;
    List<DiffRow> contributors =
        CALLS.equals(level)
            ? calls
            : KERNELS.equals(level) ? kernels : JAVA.equals(level) ? javaSelf : List.of();
    boolean javaLevel = JAVA.equals(level);
    return new ProfileDiff(
        phase,
        b,
        a,
        javaLevel ? Double.NaN : tb,
        javaLevel ? Double.NaN : ta,
        change,
        level,
        contributors,
        rows.beside(rows.partition(phases(before, phase), phases(after, phase), false)),
        KERNELS.equals(level) ? kernels : rows.beside(kernels),
        rows.beside(
            tracedRows.partition(kernels(before, phase, false), kernels(after, phase, false))),
        javaLevel ? javaSelf : rows.beside(javaSelf),
        rows.beside(javaRows(rows, before, after, phase, false)),
        counters(before, after, callsBefore, callsAfter, phase),
        notes);
  }

  /**
   * The traced step (or phase) a side's traced rows partition: its processes' mean window step from
   * the op calls, else its profile's window (a phase: its traced wall time); NaN untraced.
   */
  private static double traced(List<OpCalls.Process> calls, Profile p, String phase) {
    if (phase != null) {
      return phaseWallMs(p, phase, Double.NaN);
    }
    if (!calls.isEmpty()) {
      return calls.stream().mapToDouble(OpCalls.Process::tracedStepMs).average().orElse(Double.NaN);
    }
    Double window = p.tracedStepMs();
    return window == null ? Double.NaN : window;
  }

  /** The step's (or a phase's) mean time: the untraced stage where measured, else the trace's. */
  private static double stepMs(Profile p, String phase) {
    if (phase == null) {
      Num step = p.figures().stepMs();
      return step == null ? 0 : step.value();
    }
    Num stage = p.stagesMs().get(phase);
    return stage != null ? stage.value() : phaseWallMs(p, phase, 0);
  }

  /** A phase's traced wall time per step, or {@code absent}. */
  private static double phaseWallMs(Profile p, String phase, double absent) {
    return p.phases().stream()
        .filter(r -> phase.equals(r.phase()) && r.wallMsPerStep() != null)
        .mapToDouble(r -> r.wallMsPerStep().value())
        .findFirst()
        .orElse(absent);
  }

  /**
   * The half-width of Welch's 95% interval of the difference of two means over processes: the t
   * quantile at the Welch-Satterthwaite degrees of freedom (three processes a side give about four,
   * a quantile of 2.8, not 2).
   */
  static double welchHalfWidth(Value b, Value a) {
    double vb = b.variance / b.processes;
    double va = a.variance / a.processes;
    double se2 = vb + va;
    if (se2 <= 0) {
      return 0;
    }
    double df = se2 * se2 / (vb * vb / (b.processes - 1) + va * va / (a.processes - 1));
    double t =
        new org.apache.commons.math3.distribution.TDistribution(null, Math.max(1, df))
            .inverseCumulativeProbability(0.975);
    return t * Math.sqrt(se2);
  }

  private static final Comparator<DiffRow> RANK =
      Comparator.comparing((DiffRow r) -> r.withinNoise())
          .thenComparing(r -> !r.workChanged())
          .thenComparingDouble(r -> -Math.abs(r.delta()))
          .thenComparingLong(r -> -Math.abs(r.countDelta()))
          .thenComparingInt(r -> r.order() < 0 ? Integer.MAX_VALUE : r.order())
          .thenComparing(DiffRow::name, NaturalOrder.INSTANCE);

  /** Rows of one diff, partitioning a step of {@code stepMs} that changed by {@code delta}. */
  private record Rows(double stepMs, double delta) {
    List<DiffRow> partition(Map<String, Value> before, Map<String, Value> after) {
      return partition(before, after, true);
    }

    /**
     * @param traced whether the rows were measured in one job's traced steps or samples (their
     *     spread between jobs counts), not its untraced means
     */
    List<DiffRow> partition(Map<String, Value> before, Map<String, Value> after, boolean traced) {
      Set<String> keys = new LinkedHashSet<>(before.keySet());
      keys.addAll(after.keySet());
      int judged = keys.size(); // the table's rows are judged together
      List<DiffRow> out = new ArrayList<>();
      for (String key : keys) {
        Value b = before.getOrDefault(key, Value.NONE);
        Value a = after.getOrDefault(key, Value.NONE);
        if (b.ms == 0 && a.ms == 0 && b.count == a.count) {
          continue;
        }
        double size = Math.max(Math.abs(b.ms), Math.abs(a.ms));
        Double rowNoise = null;
        // a traced row moves between jobs more than the step does; so do two arms of one process
        // (their data placed apart, two class loaders' copies of one method compiled apart)
        if (traced) {
          rowNoise = RowNoise.job(size, judged);
        }
        if (b.processes >= 2 && a.processes >= 2) { // its own spread across processes
          double own = welchHalfWidth(b, a);
          rowNoise = rowNoise == null ? own : Math.max(rowNoise, own);
        }
        out.add(
            new DiffRow(
                key.substring(key.indexOf(PHASE_SEPARATOR) + 1),
                b.present ? b.phase : a.phase,
                b.ms,
                a.ms,
                b.present ? b.count : 0,
                a.present ? a.count : 0,
                b.macs,
                a.macs,
                b.shape,
                a.shape,
                rowNoise,
                delta == 0 ? null : (a.ms - b.ms) / delta,
                b.present ? b.order : a.order));
      }
      return ranked(out);
    }

    /**
     * Rows in the order a reader acts on them: those that count (beyond their noise, or changed
     * exactly) first, of them those whose work changed (the cause: a wider layer, an op added; a
     * layer after it may move more, as its memory changed), each group by the size of its change,
     * then by the calls' change, then in the step's order, then by name with its numbers as numbers
     * ({@code #2} before {@code #10}).
     */
    static List<DiffRow> ranked(List<DiffRow> rows) {
      List<DiffRow> out = new ArrayList<>(rows);
      out.sort(RANK);
      return List.copyOf(out);
    }

    /** Rows listed beside the partition: no share of the step's change. */
    List<DiffRow> beside(List<DiffRow> rows) {
      return rows.stream().map(r -> r.withShare(null)).toList();
    }
  }

  /** The calls of one side: each call's mean over the processes traced, and their variance. */
  private static Map<String, Value> calls(List<OpCalls.Process> processes, String phase) {
    Map<String, OpCalls.Call> first = new LinkedHashMap<>();
    Map<String, double[]> values = new LinkedHashMap<>();
    for (int k = 0; k < processes.size(); k++) {
      for (OpCalls.Call c : processes.get(k).calls()) {
        if (phase == null || phase.equals(c.phase())) {
          first.putIfAbsent(c.key(), c);
          values.computeIfAbsent(c.key(), x -> new double[processes.size()])[k] = c.msPerStep();
        }
      }
    }
    Map<String, Value> out = new LinkedHashMap<>();
    Map<String, Integer> order = new LinkedHashMap<>();
    first.keySet().forEach(key -> order.put(key, order.size()));
    first.forEach(
        (key, c) -> {
          double[] v = values.get(key);
          double mean = java.util.Arrays.stream(v).average().orElse(0);
          double var =
              v.length < 2
                  ? Double.NaN
                  : java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum()
                      / (v.length - 1);
          out.put(
              key,
              new Value(
                  mean,
                  -1, // a call is one per step by its identity: presence is not an exact count
                  c.macs(),
                  c.shape(),
                  c.phase(),
                  true,
                  v.length,
                  var,
                  order.get(key)));
        });
    return out;
  }

  /** Kernels ({@code exclusive}) or ops by name, of the step or one phase. */
  private static Map<String, Value> kernels(Profile p, String phase, boolean exclusive) {
    Map<String, Value> out = new LinkedHashMap<>();
    if (exclusive) {
      List<ProfileRows.KernelRow> rows =
          phase == null ? p.kernels() : p.kernelsByPhase().getOrDefault(phase, List.of());
      // a CPU profile's "kernels" are ops with time of their own, decided from timestamps: their
      // counts move between processes (gate.OpCounts), so they are not an exact counter here
      boolean exactCounts = !p.isCpu();
      rows.forEach(
          r ->
              out.merge(
                  r.rawName().isEmpty() ? r.kernel() : r.rawName(), // friendly names repeat
                  new Value(
                      r.msPerStep(), exactCounts ? r.countPerStep() : -1, 0, null, phase, true),
                  ProfileDiffer::sum));
    } else {
      List<ProfileRows.OpRow> rows =
          phase == null ? p.ops() : p.opsByPhase().getOrDefault(phase, List.of());
      rows.forEach(
          r ->
              out.merge(
                  r.op(),
                  new Value(r.msPerStep(), r.countPerStep(), 0, null, phase, true),
                  ProfileDiffer::sum));
    }
    return out;
  }

  private static Value sum(Value x, Value y) {
    return new Value(x.ms + y.ms, x.count + y.count, x.macs + y.macs, x.shape, x.phase, true);
  }

  /**
   * Java method rows, where both sides were sampled: a row's noise is the larger of its job spread
   * and its samples' own (two binomial shares, two standard errors each way), as ms per step.
   */
  private static List<DiffRow> javaRows(
      Rows rows, Profile before, Profile after, String phase, boolean self) {
    SampleRows.JavaSamples jb = before.javaSamples();
    SampleRows.JavaSamples ja = after.javaSamples();
    if (jb == null || ja == null || jb.samples() <= 0 || ja.samples() <= 0) {
      return List.of();
    }
    double sb = jb.samples();
    double sa = ja.samples();
    List<DiffRow> table = rows.partition(java(before, phase, self), java(after, phase, self));
    return Rows.ranked(
        table.stream()
            .map(
                r ->
                    r.withNoise(
                        RowNoise.javaRow(
                            stepOf(before),
                            stepOf(after),
                            r.before(),
                            r.after(),
                            sb,
                            sa,
                            table.size())))
            .toList());
  }

  private static double stepOf(Profile p) {
    Num step = p.figures().stepMs();
    return step == null ? 0 : step.value();
  }

  /**
   * Java methods per phase, their samples' share of all samples times the step: ms per step, an
   * estimate from samples (the row's count is -1: samples are not an exact counter).
   */
  private static Map<String, Value> java(Profile p, String phase, boolean self) {
    Map<String, Value> out = new LinkedHashMap<>();
    SampleRows.JavaSamples js = p.javaSamples();
    Num step = p.figures().stepMs();
    if (js == null || js.samples() <= 0 || step == null) {
      return out;
    }
    double msPerSample = step.value() / js.samples();
    for (SampleRows.JavaPhase ph : js.phases()) {
      if (phase != null && !phase.equals(ph.phase())) {
        continue;
      }
      for (SampleRows.JavaMethod m : self ? ph.self() : ph.total()) {
        // a method is one row per phase: the key carries the phase, the row's name does not
        out.merge(
            ph.phase() + PHASE_SEPARATOR + SampleRows.acrossProcesses(m.method()),
            new Value(m.samples() * msPerSample, -1, 0, null, ph.phase(), true),
            ProfileDiffer::sum);
      }
    }
    return out;
  }

  private static final char PHASE_SEPARATOR = '\u0000';

  /** Memory and work per step, exact counters: listed, never summed. */
  private static List<DiffRow> counters(
      Profile before,
      Profile after,
      List<OpCalls.Process> callsBefore,
      List<OpCalls.Process> callsAfter,
      String phase) {
    List<DiffRow> out = new ArrayList<>();
    // by phase, from the op calls' own allocations on the first traced step (exact, as the whole)
    Map<String, Long> pb = allocatedByPhase(callsBefore);
    Map<String, Long> pa = allocatedByPhase(callsAfter);
    Set<String> phases = new LinkedHashSet<>(pb.keySet());
    phases.addAll(pa.keySet());
    for (String p : phases) {
      if (phase == null || phase.equals(p)) {
        out.add(
            counter(
                "tensor bytes allocated per step [" + p + "]",
                pb.containsKey(p) ? (double) pb.get(p) : null,
                pa.containsKey(p) ? (double) pa.get(p) : null));
      }
    }
    ProfileRows.TensorMemory tb = before.tensorMemory();
    ProfileRows.TensorMemory ta = after.tensorMemory();
    if (tb != null || ta != null) {
      out.add(
          counter(
              "tensor bytes allocated per step",
              tb == null ? null : (double) tb.allocatedBytesPerStep(),
              ta == null ? null : (double) ta.allocatedBytesPerStep()));
      out.add(
          counter(
              "peak live tensor bytes",
              tb == null ? null : (double) tb.peakLiveBytes(),
              ta == null ? null : (double) ta.peakLiveBytes()));
    }
    Map<String, Long> hpb = before.javaHeapBytesPerPhase();
    Map<String, Long> hpa = after.javaHeapBytesPerPhase();
    Set<String> heapPhases = new LinkedHashSet<>(hpb.keySet());
    heapPhases.addAll(hpa.keySet());
    for (String p : heapPhases) {
      if (phase == null || phase.equals(p)) {
        out.add(
            counter(
                "Java heap bytes allocated per iteration [" + p + "]",
                hpb.containsKey(p) ? (double) hpb.get(p) : null,
                hpa.containsKey(p) ? (double) hpa.get(p) : null));
      }
    }
    Long hb = before.javaHeapBytesPerIteration();
    Long ha = after.javaHeapBytesPerIteration();
    if (hb != null || ha != null) {
      out.add(
          counter(
              "Java heap bytes allocated per iteration",
              hb == null ? null : hb.doubleValue(),
              ha == null ? null : ha.doubleValue()));
    }
    ProfileRows.Work wb = before.work();
    ProfileRows.Work wa = after.work();
    if (wb != null || wa != null) {
      out.add(
          counter(
              "convolution MACs per step (stride 1)",
              wb == null ? null : (double) wb.convMacsStride1(),
              wa == null ? null : (double) wa.convMacsStride1()));
      out.add(
          counter(
              "matrix-product MACs per step",
              wb == null ? null : (double) wb.matmulMacs(),
              wa == null ? null : (double) wa.matmulMacs()));
    }
    return List.copyOf(out);
  }

  private static Map<String, Long> allocatedByPhase(List<OpCalls.Process> processes) {
    Map<String, Long> out = new LinkedHashMap<>();
    if (!processes.isEmpty()) {
      for (OpCalls.Call c : processes.get(0).calls()) {
        if (c.phase() != null && c.allocatedBytes() > 0) {
          out.merge(c.phase(), c.allocatedBytes(), Long::sum);
        }
      }
    }
    return out;
  }

  private static DiffRow counter(String name, Double before, Double after) {
    return new DiffRow(
        name,
        null,
        before == null ? 0 : before,
        after == null ? 0 : after,
        -1,
        -1,
        0,
        0,
        before == null ? "absent" : null,
        after == null ? "absent" : null,
        null,
        null,
        -1);
  }

  /** Per-phase wall time, of the step or one phase. */
  private static Map<String, Value> phases(Profile p, String phase) {
    Map<String, Value> out = new LinkedHashMap<>();
    Map<String, Num> stages = p.stagesMs();
    if (!stages.isEmpty()) {
      stages.forEach(
          (name, ms) -> {
            if (ms != null && (phase == null || phase.equals(name))) {
              out.put(name, new Value(ms.value(), -1, 0, null, name, true));
            }
          });
      return out;
    }
    for (ProfileRows.PhaseRow r : p.phases()) {
      if (r.wallMsPerStep() != null && (phase == null || phase.equals(r.phase()))) {
        out.put(r.phase(), new Value(r.wallMsPerStep().value(), -1, 0, null, r.phase(), true));
      }
    }
    return out;
  }
}
