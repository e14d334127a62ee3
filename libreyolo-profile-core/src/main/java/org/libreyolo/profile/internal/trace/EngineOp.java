package org.libreyolo.profile.internal.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One op another engine's own profiler recorded in a traced step, placed on the trace's clock: its
 * name (the op type), start and duration in µs, its {@code args} (node, provider, {@code Input
 * Dims}, sizes) and its profiler cost, µs ({@link TraceConventions}). The engine's runtime reads
 * them; the capture writes them on the step's ops track.
 *
 * @param name the op's name
 * @param ts its start, trace µs
 * @param dur its duration, µs
 * @param args its arguments
 * @param costUs its own profiler cost, µs, or NaN where unknown
 */
public record EngineOp(String name, double ts, double dur, ObjectNode args, double costUs) {}
