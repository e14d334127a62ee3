package org.libreyolo.profile.internal.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import org.libreyolo.profile.internal.trace.ProfilerCost;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.internal.trace.TraceEvent;
import org.libreyolo.profile.internal.trace.TraceReader;

/**
 * The analysis-relevant events of one trace in columnar form (kind, ts, dur, interned name and
 * thread), in file order: about 25 bytes an event, so a million-event trace stays small. Step
 * markers are kept apart; events the analysis never reads are dropped while streaming.
 */
final class EventTable implements Consumer<TraceEvent> {
  static final byte KERNEL = 1;
  static final byte MEMCPY = 2;
  static final byte MALLOC = 3;
  static final byte CPU_OP = 4;
  static final byte GPU_PHASE = 5;
  static final byte CPU_PHASE = 6;

  byte[] kind = new byte[1024];
  double[] ts = new double[1024];
  double[] dur = new double[1024];
  int[] name = new int[1024];
  int[] track = new int[1024];

  /** An op's own profiler cost (another engine's kernels), µs; NaN: the trace-wide cost. */
  double[] opCost = new double[1024];

  int size;

  final List<String> names = new ArrayList<>();
  private final Map<String, Integer> nameIds = new HashMap<>();
  private final Map<String, Integer> trackIds = new HashMap<>();

  /** Step markers: start, duration and name, in file order. */
  final List<Marker> markers = new ArrayList<>();

  String gpuName;

  /** The profiler cost the trace records (traces captured here), or null. */
  ProfilerCost profilerCost;

  record Marker(double ts, double dur, String name) {}

  /**
   * Reads {@code trace}, keeping only events that can fall in the analysis window: once nine step
   * markers are known, the window cannot end after the ninth earliest one, so later events are
   * dropped while streaming and memory stays bounded by the window, not the trace. A CPU-only trace
   * (whose op self times need every child of a windowed op) is read again in full when a dropped op
   * could have been such a child.
   */
  static EventTable read(Path trace) {
    EventTable table = read(trace, true);
    return table.droppedChildOfKept() ? read(trace, false) : table;
  }

  /** Every event of the trace, none dropped (the reference for {@link #read(Path)}'s bound). */
  static EventTable readAll(Path trace) {
    return read(trace, false);
  }

  private static EventTable read(Path trace, boolean dropAfterWindow) {
    TraceReader.Read<EventTable> read =
        TraceReader.read(trace, () -> new EventTable(dropAfterWindow));
    EventTable table = read.sink();
    TraceReader.Header header = read.header();
    table.gpuName = header.gpuName();
    table.profilerCost = header.profilerCost();
    table.compact();
    return table;
  }

  EventTable() {
    this(false);
  }

  private EventTable(boolean dropAfterWindow) {
    this.dropAfterWindow = dropAfterWindow;
  }

  /** Window.of keeps at most the ninth earliest marker as the window's end. */
  private static final int MARKERS_BOUNDING_WINDOW = Window.MARKERS_READ;

  private final boolean dropAfterWindow;

  /** The latest markers among the nine earliest seen (a max-heap). */
  private final PriorityQueue<Double> earliestMarkers =
      new PriorityQueue<>(Comparator.reverseOrder());

  /** Events starting here or later cannot be in the window (+1 µs: Window widens an empty span). */
  private double dropFrom = Double.POSITIVE_INFINITY;

  private double firstDroppedCpuTs = Double.POSITIVE_INFINITY;
  private long kernelsSeen;
  private boolean cpuOpsSeen;
  private boolean cpuOpsOffFirstTrack;

  @Override
  public void accept(TraceEvent e) { // the reader hands on complete events with a start only
    String n = e.name();
    if (n.startsWith(TraceConventions.STEP_MARKER)) {
      markers.add(new Marker(e.ts(), e.dur(), n));
      if (dropAfterWindow) {
        earliestMarkers.add(e.ts());
        if (earliestMarkers.size() > MARKERS_BOUNDING_WINDOW) {
          earliestMarkers.poll();
        }
        if (earliestMarkers.size() == MARKERS_BOUNDING_WINDOW) {
          dropFrom = earliestMarkers.peek() + 1.0;
        }
      }
    }
    String cat = e.cat();
    if (cat == null) {
      return;
    }
    byte k;
    switch (cat) {
      case TraceConventions.CAT_KERNEL -> k = KERNEL;
      case TraceConventions.CAT_MEMCPY, TraceConventions.CAT_MEMSET -> k = MEMCPY;
      case TraceConventions.CAT_CUDA_RUNTIME ->
          k = n.contains("Malloc") || n.contains("Free") ? MALLOC : 0;
      case TraceConventions.CAT_CPU_OP -> k = CPU_OP;
      case TraceConventions.CAT_GPU_USER_ANNOTATION ->
          k = n.startsWith(TraceConventions.PHASE_PREFIX) ? GPU_PHASE : 0;
      case TraceConventions.CAT_USER_ANNOTATION ->
          k = n.startsWith(TraceConventions.PHASE_PREFIX) ? CPU_PHASE : 0;
      default -> k = 0;
    }
    if (k == 0) {
      return;
    }
    int trackId = k == CPU_OP ? trackId(e.pid(), e.tid()) : 0;
    if (k == KERNEL) {
      kernelsSeen++;
    } else if (k == CPU_OP) {
      cpuOpsSeen = true;
      cpuOpsOffFirstTrack |= trackId != 0;
    }
    if (e.ts() >= dropFrom) {
      if (k == CPU_OP || k == CPU_PHASE) {
        firstDroppedCpuTs = Math.min(firstDroppedCpuTs, e.ts());
      }
      return;
    }
    int capacity = kind.length;
    if (size == capacity && compact() > capacity * 3 / 4) {
      int cap = capacity * 2;
      kind = Arrays.copyOf(kind, cap);
      ts = Arrays.copyOf(ts, cap);
      dur = Arrays.copyOf(dur, cap);
      name = Arrays.copyOf(name, cap);
      track = Arrays.copyOf(track, cap);
      opCost = Arrays.copyOf(opCost, cap);
    }
    kind[size] = k;
    ts[size] = e.ts();
    dur[size] = e.dur();
    name[size] = k == MALLOC ? -1 : intern(k == GPU_PHASE || k == CPU_PHASE ? n.substring(5) : n);
    track[size] = trackId;
    opCost[size] = e.costUs();
    size++;
  }

  private String lastPid;
  private String lastTid;
  private int lastTrack;

  /** Thread track ids; consecutive ops mostly share one, so the last is remembered. */
  private int trackId(String pid, String tid) {
    if (!pid.equals(lastPid) || !tid.equals(lastTid)) {
      lastPid = pid;
      lastTid = tid;
      lastTrack = trackIds.computeIfAbsent(pid + "/" + tid, x -> trackIds.size());
    }
    return lastTrack;
  }

  private int intern(String s) {
    Integer id = nameIds.get(s);
    if (id == null) {
      id = names.size();
      names.add(s);
      nameIds.put(s, id);
    }
    return id;
  }

  /** Drops rows at or after {@link #dropFrom} (the bound may have moved back); returns the size. */
  private int compact() {
    int kept = 0;
    for (int i = 0; i < size; i++) {
      if (ts[i] < dropFrom) {
        kind[kept] = kind[i];
        ts[kept] = ts[i];
        dur[kept] = dur[i];
        name[kept] = name[i];
        track[kept] = track[i];
        opCost[kept] = opCost[i];
        kept++;
      } else if (kind[i] == CPU_OP || kind[i] == CPU_PHASE) {
        firstDroppedCpuTs = Math.min(firstDroppedCpuTs, ts[i]);
      }
    }
    size = kept;
    return kept;
  }

  /**
   * Whether a dropped CPU op may have been a child of a kept one inside the window: only a CPU-only
   * trace reads op self times, and only then does it matter.
   */
  private boolean droppedChildOfKept() {
    if (kernelsSeen > 0 || firstDroppedCpuTs == Double.POSITIVE_INFINITY) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if ((kind[i] == CPU_OP || kind[i] == CPU_PHASE) && ts[i] + dur[i] > firstDroppedCpuTs) {
        return true;
      }
    }
    return false;
  }

  /** CPU ops on more than one thread track (compensation assumes one timeline of ops). */
  boolean cpuOpsOnOneTrack() {
    return !cpuOpsOffFirstTrack;
  }

  /** Whether the trace has CPU ops (kept or not). */
  boolean hasCpuOps() {
    return cpuOpsSeen;
  }

  /** This table without the profiler's own cost ({@link Retiming#compensated}). */
  EventTable compensated(ProfilerCost cost) {
    return Retiming.compensated(this, cost);
  }

  /** This table with the phases in {@code factor} shrunk ({@link Retiming#scaledPhases}). */
  EventTable scaledPhases(Map<String, Double> factor) {
    return Retiming.scaledPhases(this, factor);
  }

  /** A copy with every CPU op, phase span and step marker moved by {@code warp} (monotonic). */
  EventTable retimed(java.util.function.DoubleUnaryOperator warp) {
    EventTable out = copy();
    for (int i = 0; i < size; i++) {
      if (kind[i] == CPU_OP || kind[i] == CPU_PHASE) {
        double start = warp.applyAsDouble(ts[i]);
        out.ts[i] = start;
        out.dur[i] = Math.max(0, warp.applyAsDouble(ts[i] + dur[i]) - start);
      }
    }
    out.markers.clear();
    for (Marker m : markers) {
      double start = warp.applyAsDouble(m.ts());
      out.markers.add(
          new Marker(start, Math.max(0, warp.applyAsDouble(m.ts() + m.dur()) - start), m.name()));
    }
    return out;
  }

  /**
   * Mean duration (µs) of each {@code step/<phase>} span starting inside {@code window}, per step
   * of the window.
   */
  Map<String, Double> phaseMeansUs(Window window) {
    Map<String, Double> sums = new HashMap<>();
    for (int i = 0; i < size; i++) {
      if (kind[i] == CPU_PHASE && window.contains(ts[i])) {
        sums.merge(names.get(name[i]), dur[i], Double::sum);
      }
    }
    Map<String, Double> means = new HashMap<>();
    sums.forEach((phase, sum) -> means.put(phase, sum / Math.max(1, window.nReal())));
    return means;
  }

  private EventTable copy() {
    EventTable c = new EventTable();
    c.kind = kind;
    c.name = name;
    c.track = track;
    c.opCost = opCost;
    c.ts = Arrays.copyOf(ts, size);
    c.dur = Arrays.copyOf(dur, size);
    c.size = size;
    c.names.addAll(names);
    c.markers.addAll(markers);
    c.gpuName = gpuName;
    c.profilerCost = profilerCost;
    c.recordedLeaves = cpuNesting().leaf(); // structure as recorded, never as retimed
    c.kernelsSeen = kernelsSeen;
    c.cpuOpsSeen = cpuOpsSeen;
    c.cpuOpsOffFirstTrack = cpuOpsOffFirstTrack;
    return c;
  }

  /** CPU op indices, parents before children: by thread, start, then longer first. */
  int[] cpuOpsInOrder() {
    int m = 0;
    for (int i = 0; i < size; i++) {
      if (kind[i] == CPU_OP) {
        m++;
      }
    }
    Integer[] ops = new Integer[m];
    m = 0;
    for (int i = 0; i < size; i++) {
      if (kind[i] == CPU_OP) {
        ops[m++] = i;
      }
    }
    Arrays.sort(
        ops,
        (a, b) ->
            track[a] != track[b]
                ? Integer.compare(track[a], track[b])
                : ts[a] != ts[b] ? Double.compare(ts[a], ts[b]) : Double.compare(dur[b], dur[a]));
    int[] out = new int[m];
    for (int i = 0; i < m; i++) {
      out[i] = ops[i];
    }
    return out;
  }

  /** GPU kernels in the trace (kept or not). */
  long kernelCount() {
    return kernelsSeen;
  }

  /**
   * Self (exclusive) time of every cpu_op (its duration minus its direct children's on the same
   * thread, children found by time containment: DJL writes no parent ids) and which ops are leaves
   * (they contain no other op on their thread). The leaves are the recorded trace's: on a retimed
   * copy (the profiler's cost taken out) an op shorter than that cost shrinks to 0 µs and would no
   * longer contain its child, by an amount each process measures for itself.
   */
  record Nesting(double[] self, boolean[] leaf) {}

  /** The leaves of the table this one was retimed from; null on a table as read. */
  private boolean[] recordedLeaves;

  Nesting cpuNesting() {
    double[] self = new double[size];
    boolean[] leaf = new boolean[size];
    int[] ops = cpuOpsInOrder();
    for (int i : ops) {
      self[i] = dur[i];
      leaf[i] = true;
    }
    int m = ops.length;
    int[] stack = new int[Math.max(1, m)];
    int depth = 0;
    int currentTrack = -1;
    for (int i : ops) {
      if (track[i] != currentTrack) {
        depth = 0;
        currentTrack = track[i];
      }
      while (depth > 0 && ts[stack[depth - 1]] + dur[stack[depth - 1]] <= ts[i]) {
        depth--;
      }
      if (depth > 0) {
        self[stack[depth - 1]] -= dur[i];
        leaf[stack[depth - 1]] = false;
      }
      stack[depth++] = i;
    }
    for (int i = 0; i < size; i++) {
      if (self[i] < 0) {
        self[i] = 0;
      }
    }
    return new Nesting(self, recordedLeaves != null ? recordedLeaves : leaf);
  }
}
