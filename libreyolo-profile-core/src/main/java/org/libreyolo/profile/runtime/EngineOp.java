package org.libreyolo.profile.runtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.Api;

/**
 * One op an engine's own profiler recorded in a traced step, placed on the trace's clock: its name
 * (the op type), start and duration in µs, its {@code args} (node, provider, {@code Input Dims},
 * sizes) and its profiler cost, µs. The engine's {@link EngineProfiler} reads them; the capture
 * writes them on the step's ops track.
 *
 * @param name the op's name
 * @param ts its start, trace µs
 * @param dur its duration, µs
 * @param args its arguments
 * @param costUs its own profiler cost, µs, or NaN where unknown
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record EngineOp(String name, double ts, double dur, ObjectNode args, double costUs) {}
