package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Where a profile was measured, its {@code environment} (docs/profile-schema.md): one mapping of
 * fields to keys for writing ({@link #json}) and reading a fork's back ({@link #of}). Readers take
 * the stored environment as an open map ({@code Profile.environment()}), so a newer version's key
 * reads there as any other.
 *
 * @param engine the engine (DJL and its engine, an engine that ran a deployed model, {@code not
 *     loaded}, or none for plain JVM code)
 * @param libtorch libtorch's version, or null where the engine was not booted
 * @param jvm the JVM's name and version
 * @param os the operating system, its version and architecture
 * @param cpu the CPU model
 * @param cores the available processors
 * @param threads the engine's intra-op threads, or null where the engine was not booted
 * @param device the device's label
 * @param gpuName the GPU's name, or null
 * @param modelParams the model's parameters (-1 when it does not say)
 */
public record Fingerprint(
    String engine,
    String libtorch,
    String jvm,
    String os,
    String cpu,
    int cores,
    Integer threads,
    String device,
    String gpuName,
    long modelParams) {

  /**
   * {@return the same environment with the engine that ran the model named, where one is}
   *
   * @param name the engine a deployed model ran on, or null (the fingerprint's own stays)
   */
  public Fingerprint withEngine(String name) {
    return name == null
        ? this
        : new Fingerprint(
            name, libtorch, jvm, os, cpu, cores, threads, device, gpuName, modelParams);
  }

  /** {@return {@code environment} as the profile stores it} */
  public ObjectNode json() {
    ObjectNode env = JsonNodeFactory.instance.objectNode();
    env.put(ProfileSchema.ENGINE, engine);
    env.put(ProfileSchema.LIBTORCH, libtorch);
    env.put(ProfileSchema.JVM, jvm);
    env.put(ProfileSchema.OS, os);
    env.put(ProfileSchema.CPU, cpu);
    env.put(ProfileSchema.CORES, cores);
    env.put(ProfileSchema.THREADS, threads);
    env.put(ProfileSchema.DEVICE, device);
    env.put(ProfileSchema.GPU_NAME, gpuName);
    env.put(ProfileSchema.MODEL_PARAMS, modelParams);
    return env;
  }

  /**
   * {@return the fingerprint {@link #json} wrote (a fork's, sent to its parent)}
   *
   * @param env an {@code environment} this record wrote
   */
  public static Fingerprint of(JsonNode env) {
    return new Fingerprint(
        Json.text(env.get(ProfileSchema.ENGINE)),
        Json.text(env.get(ProfileSchema.LIBTORCH)),
        Json.text(env.get(ProfileSchema.JVM)),
        Json.text(env.get(ProfileSchema.OS)),
        Json.text(env.get(ProfileSchema.CPU)),
        env.path(ProfileSchema.CORES).asInt(),
        env.path(ProfileSchema.THREADS).isInt() ? env.get(ProfileSchema.THREADS).asInt() : null,
        Json.text(env.get(ProfileSchema.DEVICE)),
        Json.text(env.get(ProfileSchema.GPU_NAME)),
        env.path(ProfileSchema.MODEL_PARAMS).asLong());
  }
}
