package org.libreyolo.profile.analysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.trace.TraceEvent;
import org.libreyolo.profile.trace.TraceReader;

/**
 * The analysis-relevant events of one trace in columnar form (kind, ts, dur, interned name and
 * thread), in file order: about 25 bytes an event, so a million-event trace stays small. Step
 * markers are kept apart; events the analysis never reads are dropped while streaming.
 */
final class EventTable {
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
  int size;

  final List<String> names = new ArrayList<>();
  private final Map<String, Integer> nameIds = new HashMap<>();
  private final Map<String, Integer> trackIds = new HashMap<>();

  /** Step markers: start, duration and name, in file order. */
  final List<Marker> markers = new ArrayList<>();

  String gpuName;

  record Marker(double ts, double dur, String name) {}

  static EventTable read(Path trace) {
    EventTable table = new EventTable();
    TraceReader.Header header = TraceReader.read(trace, table::accept);
    table.gpuName = header.gpuName();
    return table;
  }

  private void accept(TraceEvent e) {
    if (!e.isComplete() || !e.hasTs()) {
      return;
    }
    String n = e.name();
    if (n.startsWith("ProfilerStep")) {
      markers.add(new Marker(e.ts(), e.dur(), n));
    }
    String cat = e.cat();
    if (cat == null) {
      return;
    }
    byte k;
    switch (cat) {
      case "kernel" -> k = KERNEL;
      case "gpu_memcpy", "gpu_memset" -> k = MEMCPY;
      case "cuda_runtime" -> k = n.contains("Malloc") || n.contains("Free") ? MALLOC : 0;
      case "cpu_op" -> k = CPU_OP;
      case "gpu_user_annotation" -> k = n.startsWith("step/") ? GPU_PHASE : 0;
      case "user_annotation" -> k = n.startsWith("step/") ? CPU_PHASE : 0;
      default -> k = 0;
    }
    if (k == 0) {
      return;
    }
    if (size == kind.length) {
      int cap = size * 2;
      kind = Arrays.copyOf(kind, cap);
      ts = Arrays.copyOf(ts, cap);
      dur = Arrays.copyOf(dur, cap);
      name = Arrays.copyOf(name, cap);
      track = Arrays.copyOf(track, cap);
    }
    kind[size] = k;
    ts[size] = e.ts();
    dur[size] = e.dur();
    name[size] = k == MALLOC ? -1 : intern(k == GPU_PHASE || k == CPU_PHASE ? n.substring(5) : n);
    track[size] = k == CPU_OP ? trackIds.computeIfAbsent(e.pid() + "/" + e.tid(), x -> trackIds.size()) : 0;
    size++;
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

  int kernelCount() {
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (kind[i] == KERNEL) {
        n++;
      }
    }
    return n;
  }

  /**
   * Self (exclusive) time of every cpu_op: its duration minus its direct children's on the same
   * thread, children found by time containment (DJL writes no parent ids).
   */
  double[] cpuSelfTimes() {
    double[] self = new double[size];
    Integer[] order = new Integer[size];
    int m = 0;
    for (int i = 0; i < size; i++) {
      if (kind[i] == CPU_OP) {
        self[i] = dur[i];
        order[m++] = i;
      }
    }
    Integer[] ops = Arrays.copyOf(order, m);
    // parents before children: by thread, start, then longer first
    Arrays.sort(ops, (a, b) -> track[a] != track[b] ? Integer.compare(track[a], track[b])
        : ts[a] != ts[b] ? Double.compare(ts[a], ts[b]) : Double.compare(dur[b], dur[a]));
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
      }
      stack[depth++] = i;
    }
    for (int i = 0; i < size; i++) {
      if (self[i] < 0) {
        self[i] = 0;
      }
    }
    return self;
  }
}
