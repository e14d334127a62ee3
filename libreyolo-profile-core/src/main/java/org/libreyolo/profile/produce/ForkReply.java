package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What one fork of {@code profile infer} sends its parent, whole ({@link
 * org.libreyolo.profile.process.ChildJvms}): its iterations as measured, typed and unrounded, which
 * the parent only appends to the other forks'; what the run was and where; and the fork's own
 * headline, which a forked profile quotes for the fork whose trace it keeps ({@code trace_from}).
 *
 * @param meta what was measured ({@code config})
 * @param iterations every measured iteration, stage and block
 * @param process the process's own figures (Java samples, resident memory, allocation)
 * @param environment where it ran
 * @param device the device it ran on
 * @param stepMs the fork's own step, ms
 * @param imgPerS the fork's own throughput
 * @param opCalls the op calls of its traced steps as its profile keeps them ({@code op_calls}), or
 *     null when it traced none
 */
record ForkReply(
    ObjectNode meta,
    Iterations iterations,
    ProfileAssembler.ProcessFigures process,
    ObjectNode environment,
    DeviceSpec device,
    Num stepMs,
    Num imgPerS,
    ObjectNode opCalls) {

  /**
   * A fork's profile read back as its reply: the forks of a user's step (run by the JUnit
   * extension, whose children write their profile) reply this way.
   */
  static ForkReply read(Profile p) {
    Iterations iterations = Iterations.read(p);
    return new ForkReply(
        p.stored(ProfileSchema.CONFIG) instanceof ObjectNode c
            ? c
            : JsonNodeFactory.instance.objectNode(),
        iterations,
        new ProfileAssembler.ProcessFigures(
            p.stored(ProfileSchema.JAVA_SAMPLES) instanceof ObjectNode j ? j : null,
            p.hostMemory(),
            iterations.allocatedBytes(),
            allocationByPhase(p)),
        p.stored(ProfileSchema.ENVIRONMENT) instanceof ObjectNode e
            ? e
            : JsonNodeFactory.instance.objectNode(),
        device(p.device()),
        p.figures().stepMs(),
        p.figures().imgPerS(),
        p.stored(ProfileSchema.OP_CALLS) instanceof ObjectNode o ? o : null);
  }

  /** A fork's allocation per phase, as its profile stores it, or null. */
  private static ObjectNode allocationByPhase(Profile p) {
    JsonNode allocation = p.stored(ProfileSchema.ALLOCATION);
    return allocation != null
            && allocation.get(ProfileSchema.BYTES_PER_PHASE) instanceof ObjectNode o
        ? o
        : null;
  }

  /** The device a fork's profile names; one it does not name as a device (a trace's) is the CPU. */
  private static DeviceSpec device(String label) {
    try {
      return label == null ? DeviceSpec.CPU : DeviceSpec.parse(label);
    } catch (org.libreyolo.profile.LibreYoloException e) {
      return DeviceSpec.CPU;
    }
  }

  static ForkReply of(InferProfiler.Trial t) {
    Profile p = new Profile(t.profile());
    ObjectNode json = t.profile();
    return new ForkReply(
        t.meta().json(),
        t.iterations(),
        new ProfileAssembler.ProcessFigures(
            (ObjectNode) json.get(ProfileSchema.JAVA_SAMPLES),
            p.hostMemory(),
            t.iterations().allocatedBytes(),
            allocationByPhase(p)),
        t.environment().json(),
        t.device(),
        p.figures().stepMs(),
        p.figures().imgPerS(),
        json.get(ProfileSchema.OP_CALLS) instanceof ObjectNode o ? o : null);
  }
}
