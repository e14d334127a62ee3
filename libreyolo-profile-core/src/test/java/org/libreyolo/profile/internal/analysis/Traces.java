package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Json;

/**
 * Builds the reference's worked-example traces A and B (docs/reference-behaviour.md); the expected
 * values live in the tests.
 */
public final class Traces {
  private final ArrayNode events = JsonNodeFactory.instance.arrayNode();

  /** The last event added gets its own profiler cost (another engine's kernel), µs. */
  public Traces ownCost(double us) {
    ((ObjectNode) events.get(events.size() - 1))
        .put(org.libreyolo.profile.internal.trace.TraceConventions.OP_COST_KEY, us);
    return this;
  }

  public Traces x(String cat, String name, double ts, double dur) {
    ObjectNode e = events.addObject();
    e.put("ph", "X");
    if (cat != null) {
      e.put("cat", cat);
    }
    e.put("name", name);
    e.put("ts", ts);
    e.put("dur", dur);
    e.put("pid", 1);
    e.put("tid", 1);
    return this;
  }

  /** Markers ProfilerStep#0..5 at 0, 100, ..., 500, each 100 us. */
  public Traces markers() {
    for (int i = 0; i < 6; i++) {
      x("user_annotation", "ProfilerStep#" + i, i * 100, 100);
    }
    return this;
  }

  /** Trace A (14.1): five kernels, two ops, one memcpy per step in steps 2..4. */
  public static Traces traceA() {
    Traces t = new Traces().markers();
    for (int base : new int[] {200, 300, 400}) {
      t.cpuSpans(base);
      t.x("kernel", "ampere_sgemm_128x128_nt", base + 12, 10);
      t.x("kernel", "void at::native::vectorized_elementwise_kernel<f>", base + 23, 5);
      t.x("kernel", "_ZN5cudnn19engines16nchwToNhwcKernel", base + 31, 8);
      t.x("kernel", "_ZN5cudnn21bn_bw_1C11_kernel_new", base + 55, 20);
      t.x("kernel", "ampere_h16816gemm_128x128", base + 78, 15);
      t.x("gpu_memcpy", "Memcpy HtoD", base + 5, 3);
    }
    return t;
  }

  /** Trace B (14.2): three kernels per step. */
  public static Traces traceB() {
    Traces t = new Traces().markers();
    for (int base : new int[] {200, 300, 400}) {
      t.cpuSpans(base);
      t.x("kernel", "ampere_sgemm_128x128_nt", base + 20, 10);
      t.x("kernel", "_ZN5cudnn21bn_bw_1C11_kernel_new", base + 60, 20);
      t.x("kernel", "ampere_h16816gemm_128x128", base + 80, 15);
    }
    return t;
  }

  private void cpuSpans(int base) {
    x("user_annotation", "step/forward", base + 10, 35);
    x("user_annotation", "step/backward", base + 50, 40);
    x("cpu_op", "aten::conv2d", base + 15, 40);
    x("cpu_op", "aten::convolution_backward", base + 55, 50);
  }

  public Path write(Path file) {
    return write(file, null);
  }

  /** Writes the trace with a profiler-cost record, as a capture of this project writes it. */
  public Path write(Path file, ObjectNode profilerCost) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    if (profilerCost != null) {
      root.set(
          org.libreyolo.profile.internal.trace.TraceConventions.PROFILER_COST_KEY, profilerCost);
    }
    root.set("traceEvents", events);
    AtomicFiles.write(
        file,
        out -> out.write(Json.compact(root).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    return file;
  }
}
