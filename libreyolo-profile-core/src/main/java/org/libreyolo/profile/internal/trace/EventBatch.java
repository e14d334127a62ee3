package org.libreyolo.profile.internal.trace;

import java.util.Arrays;
import java.util.function.Consumer;

/** The events of one block of a trace, in file order, as the scanner decoded them. */
final class EventBatch {
  private String[] name = new String[1024];
  private String[] cat = new String[1024];
  private String[] ph = new String[1024];
  private String[] pid = new String[1024];
  private String[] tid = new String[1024];
  private double[] ts = new double[1024];
  private double[] dur = new double[1024];
  private boolean[] hasTs = new boolean[1024];
  private double[] cost = new double[1024];
  private int size;

  void add(
      String n,
      String c,
      String p,
      double t,
      boolean has,
      double d,
      String process,
      String thread,
      double opCost) {
    if (size == name.length) {
      int cap = size * 2;
      name = Arrays.copyOf(name, cap);
      cat = Arrays.copyOf(cat, cap);
      ph = Arrays.copyOf(ph, cap);
      pid = Arrays.copyOf(pid, cap);
      tid = Arrays.copyOf(tid, cap);
      ts = Arrays.copyOf(ts, cap);
      dur = Arrays.copyOf(dur, cap);
      hasTs = Arrays.copyOf(hasTs, cap);
      cost = Arrays.copyOf(cost, cap);
    }
    name[size] = n;
    cat[size] = c;
    ph[size] = p;
    ts[size] = t;
    hasTs[size] = has;
    dur[size] = d;
    pid[size] = process;
    tid[size] = thread;
    cost[size] = opCost;
    size++;
  }

  void clear() {
    size = 0;
  }

  /** Hands every event to {@code sink} through the one reused {@code event}. */
  void forEach(TraceEvent event, Consumer<TraceEvent> sink) {
    for (int i = 0; i < size; i++) {
      event.name = name[i];
      event.cat = cat[i];
      event.ph = ph[i];
      event.ts = ts[i];
      event.hasTs = hasTs[i];
      event.dur = dur[i];
      event.pid = pid[i];
      event.tid = tid[i];
      event.costUs = cost[i];
      event.categoriseDjlOps();
      sink.accept(event);
    }
  }
}
