package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * The op calls of one step, per traced process: what the diff partitions a step into
 * (docs/diff.md). A producer stores them in the profile ({@code op_calls}) when it analyses its CPU
 * trace, so that a profile, and a baseline copied from it, explains a change on its own: from any
 * working directory, after its folder moved, with its trace gone (docs/profile-schema.md).
 *
 * <p>The k-th call of an op in a step is one layer: the same call in every step, and in another
 * version of a model with the same op sequence.
 *
 * @param processes each traced process's calls, in the order they ran
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record OpCalls(List<Process> processes) {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Own time is stored in microseconds to this many decimals (the profiler records whole ones). */
  private static final double US_SCALE = 10;

  public OpCalls {
    processes = List.copyOf(processes);
  }

  /**
   * The calls of one traced process.
   *
   * @param steps the traced steps its times are averaged over
   * @param tracedStepMs the traced step: the analysis window's wall time per step, ms
   * @param calls the calls in their order within a step
   */
  public record Process(int steps, double tracedStepMs, List<Call> calls) {
    public Process {
      calls = List.copyOf(calls);
    }
  }

  /**
   * One call.
   *
   * @param name the op
   * @param ordinal its place among the step's calls of this op, 1-based
   * @param phase the phase it ran in, or null outside every phase
   * @param msPerStep its own time (children excluded, the profiler's cost taken out), ms per step
   * @param shape its input shapes ({@code [1,16,64,64] [32,16,3,3]}), or null when not recorded
   * @param macs its multiply-adds (convolutions at stride 1, matrix products), 0 for other ops
   * @param allocatedBytes the tensor bytes it allocated itself on the first traced step (children
   *     excluded, net of what it freed, never negative), 0 where memory was not recorded
   */
  public record Call(
      String name,
      int ordinal,
      String phase,
      double msPerStep,
      String shape,
      long macs,
      long allocatedBytes) {
    /** {@return the call's identity across runs: the op and its ordinal} */
    public String key() {
      return name + " #" + ordinal;
    }
  }

  /** {@return whether no process was traced} */
  public boolean isEmpty() {
    return processes.isEmpty();
  }

  /**
   * {@return these processes and then {@code more}'s}
   *
   * @param more another profile's processes (other forks of one run)
   */
  public OpCalls plus(OpCalls more) {
    List<Process> all = new ArrayList<>(processes);
    all.addAll(more.processes);
    return new OpCalls(all);
  }

  /**
   * The section as stored: the calls of every process once (op, ordinal, phase, shape, work, bytes;
   * the names, phases and shapes in tables of their own), then per process its own times in that
   * order (null where it lacks a call). About 40 bytes a call for one process, 5 more per further
   * one.
   *
   * @return the {@code op_calls} object
   */
  public ObjectNode json() {
    Table names = new Table();
    Table phases = new Table();
    Table shapes = new Table();
    Map<String, Integer> index = new LinkedHashMap<>();
    ArrayNode calls = F.arrayNode();
    for (Process p : processes) {
      for (Call c : p.calls()) {
        if (index.putIfAbsent(c.key(), index.size()) == null) {
          calls
              .addArray()
              .add(names.id(c.name()))
              .add(c.ordinal())
              .add(phases.id(c.phase()))
              .add(shapes.id(c.shape()))
              .add(c.macs())
              .add(c.allocatedBytes());
        }
      }
    }
    ObjectNode o = F.objectNode();
    o.set(ProfileSchema.NAMES, names.json());
    o.set(ProfileSchema.PHASES, phases.json());
    o.set(ProfileSchema.SHAPES, shapes.json());
    o.set(ProfileSchema.CALLS, calls);
    ArrayNode out = o.putArray(ProfileSchema.PROCESSES);
    for (Process p : processes) {
      ObjectNode po = out.addObject();
      po.put(ProfileSchema.STEPS, p.steps());
      po.put(ProfileSchema.TRACED_STEP_MS, Math.round(p.tracedStepMs() * 1e4) / 1e4);
      Double[] own = new Double[index.size()];
      for (Call c : p.calls()) {
        own[index.get(c.key())] = Math.round(c.msPerStep() * 1000 * US_SCALE) / US_SCALE;
      }
      ArrayNode us = po.putArray(ProfileSchema.OWN_US);
      for (Double v : own) {
        if (v == null) {
          us.addNull();
        } else {
          us.add(v);
        }
      }
    }
    return o;
  }

  /**
   * The section as stored, or null when it is absent or not of this shape (a hand-edited file: the
   * diff then reads the trace the profile names, as for a profile that predates the section).
   *
   * @param n the {@code op_calls} node
   * @return the calls, or null
   */
  public static OpCalls of(JsonNode n) {
    if (n == null || !n.isObject() || !n.path(ProfileSchema.CALLS).isArray()) {
      return null;
    }
    List<String> names = strings(n.path(ProfileSchema.NAMES));
    List<String> phases = strings(n.path(ProfileSchema.PHASES));
    List<String> shapes = strings(n.path(ProfileSchema.SHAPES));
    JsonNode calls = n.path(ProfileSchema.CALLS);
    List<Process> out = new ArrayList<>();
    for (JsonNode p : n.path(ProfileSchema.PROCESSES)) {
      JsonNode own = p.path(ProfileSchema.OWN_US);
      if (!own.isArray() || own.size() != calls.size()) {
        return null;
      }
      List<Call> list = new ArrayList<>();
      for (int i = 0; i < calls.size(); i++) {
        JsonNode c = calls.get(i);
        if (own.get(i).isNull()) {
          continue;
        }
        String name = at(names, c.path(0));
        if (name == null || !c.path(1).canConvertToInt() || !own.get(i).isNumber()) {
          return null;
        }
        list.add(
            new Call(
                name,
                c.path(1).asInt(),
                at(phases, c.path(2)),
                own.get(i).asDouble() / 1000,
                at(shapes, c.path(3)),
                c.path(4).asLong(0),
                c.path(5).asLong(0)));
      }
      out.add(
          new Process(
              p.path(ProfileSchema.STEPS).asInt(1),
              p.path(ProfileSchema.TRACED_STEP_MS).asDouble(Double.NaN),
              list));
    }
    return out.isEmpty() ? null : new OpCalls(out);
  }

  private static List<String> strings(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.forEach(x -> out.add(x.isTextual() ? x.asText() : null));
    return out;
  }

  /** The table's entry an index names; null for -1 (none) or one out of range. */
  private static String at(List<String> table, JsonNode id) {
    int i = id.asInt(-1);
    return i >= 0 && i < table.size() ? table.get(i) : null;
  }

  /** Strings stored once, referred to by index (-1: none). */
  private static final class Table {
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> values = new ArrayList<>();

    int id(String s) {
      if (s == null) {
        return -1;
      }
      return ids.computeIfAbsent(
          s,
          k -> {
            values.add(k);
            return values.size() - 1;
          });
    }

    ArrayNode json() {
      ArrayNode a = F.arrayNode();
      values.forEach(a::add);
      return a;
    }
  }
}
