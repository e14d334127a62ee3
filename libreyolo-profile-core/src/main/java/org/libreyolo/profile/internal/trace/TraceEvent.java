package org.libreyolo.profile.internal.trace;

/**
 * One trace event as the reader hands it over. The reader reuses one instance per event to stay
 * allocation-free on million-event traces: copy what you keep.
 */
public final class TraceEvent {
  String name;
  String cat;
  String ph;
  double ts;
  boolean hasTs;
  double dur;
  String pid;
  String tid;
  double costUs = Double.NaN;

  /** DJL's legacy profiler writes no categories: its ops read as {@code cpu_op}. */
  void categoriseDjlOps() {
    if (cat == null && TraceReader.DJL_CPU_PID.equals(pid)) {
      cat = TraceConventions.CAT_CPU_OP;
    }
  }

  void reset() {
    name = "";
    cat = null;
    ph = null;
    ts = 0;
    hasTs = false;
    dur = 0;
    pid = "";
    tid = "";
    costUs = Double.NaN;
  }

  public String name() {
    return name;
  }

  /** The category, or null (DJL's raw profiler writes none). */
  public String cat() {
    return cat;
  }

  public String ph() {
    return ph;
  }

  /** Start in microseconds; meaningful only when {@link #hasTs()}. */
  public double ts() {
    return ts;
  }

  public boolean hasTs() {
    return hasTs;
  }

  /** Duration in microseconds; a missing or null duration reads as 0. */
  public double dur() {
    return dur;
  }

  public String pid() {
    return pid;
  }

  public String tid() {
    return tid;
  }

  /**
   * The profiler's own cost per op for an op another engine's profiler recorded ({@value
   * TraceConventions#OP_COST_KEY}, µs), or NaN: the trace-wide cost applies.
   */
  public double costUs() {
    return costUs;
  }

  /** A complete ("X") event. */
  public boolean isComplete() {
    return "X".equals(ph);
  }
}
