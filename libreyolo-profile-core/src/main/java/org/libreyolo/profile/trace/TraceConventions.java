package org.libreyolo.profile.trace;

/** Names in the traces this project writes that its readers look for. */
public final class TraceConventions {
  private TraceConventions() {}

  /**
   * Top-level object of a trace captured here: the operator profiler's measured cost per recorded
   * op ({@code per_op_us}) and the part of it inside an op's span ({@code in_op_us}). Other tools
   * ignore it; our readers use it to compensate (docs/profiler-cost.md).
   */
  public static final String PROFILER_COST_KEY = "libreyoloProfilerCost";
}
