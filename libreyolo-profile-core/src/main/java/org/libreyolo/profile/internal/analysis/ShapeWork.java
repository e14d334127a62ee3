package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The work a step does, counted from the input shapes the trace recorded on its first traced step
 * (docs/statistics.md, "Counters"): multiply-accumulates of every convolution (at stride 1: {@code
 * N*H*W} of the input times the weight's elements; the real count divided by stride^2, a fixed
 * factor of the architecture) and of every matrix product. Deterministic like the op counts, but it
 * also grows when the same ops run on larger tensors, the regression op counts cannot see.
 *
 * @param convMacsStride1 convolution MACs per step at stride 1
 * @param matmulMacs {@code mm}, {@code addmm}, {@code bmm} MACs per step
 */
public record ShapeWork(long convMacsStride1, long matmulMacs) {
  /**
   * Every spelling of a convolution a trace carries: the C++ API records {@code aten::convolution},
   * a TorchScript model {@code aten::_convolution}, and each dispatches to one backend kernel
   * (mkldnn, the slow path, cuDNN). The input is argument 0 and the weight argument 1 in all.
   */
  static final Set<String> CONVOLUTIONS =
      Set.of(
          "aten::conv1d",
          "aten::conv2d",
          "aten::conv3d",
          "aten::convolution",
          "aten::_convolution",
          "aten::mkldnn_convolution",
          "aten::thnn_conv2d",
          "aten::_slow_conv2d_forward",
          "aten::cudnn_convolution",
          "aten::miopen_convolution",
          "aten::_nnpack_spatial_convolution",
          // ONNX Runtime's kernels, named by op type (docs/onnx.md): the same input and weight
          "Conv",
          "FusedConv");

  /**
   * Matrix products: {@code linear} (a TorchScript {@code nn.Linear}) and what it and {@code
   * matmul} dispatch to.
   */
  static final Set<String> MATMULS =
      Set.of(
          "aten::linear",
          "aten::matmul",
          "aten::mm",
          "aten::addmm",
          "aten::bmm",
          "aten::baddbmm",
          "MatMul",
          "FusedMatMul",
          "Gemm");

  /**
   * The first traced step's work, or null when the trace recorded no shapes there. Only the
   * outermost counted op of a call is counted (a {@code linear} and the {@code addmm} inside it, an
   * {@code _convolution} and its backend kernel are one piece of work).
   *
   * @param trace the trace, recorded with shapes
   * @return the work, or null
   */
  public static ShapeWork of(Path trace) {
    return of(FirstTracedStep.of(trace));
  }

  /** The work of {@code step}, or null when it recorded no shapes of counted ops. */
  public static ShapeWork of(FirstTracedStep step) {
    List<FirstTracedStep.Op> counted =
        step.ops().stream()
            .filter(
                op ->
                    op.dims() != null
                        && (CONVOLUTIONS.contains(op.name()) || MATMULS.contains(op.name())))
            .toList();
    long conv = 0;
    long matmul = 0;
    List<FirstTracedStep.Op> open = new ArrayList<>(); // enclosing counted ops of the current one
    for (FirstTracedStep.Op op : counted) {
      open.removeIf(o -> o.end() < op.ts());
      boolean nested = open.stream().anyMatch(o -> o.contains(op));
      open.add(op);
      if (nested) {
        continue;
      }
      if (CONVOLUTIONS.contains(op.name())) {
        conv += convolution(op.dims(), op.graphWeightDims());
      } else {
        matmul += matmul(op.name(), op.dims(), op.outputDims());
      }
    }
    return counted.isEmpty() ? null : new ShapeWork(conv, matmul);
  }

  /**
   * {@code [N, C, H, W]} input, {@code [Cout, C/groups, kh, kw]} weight: the first input and weight
   * that fit each other ({@code C} a multiple of the weight's {@code C/groups}): a TorchScript
   * trace sometimes records a leftover shape before a convolution's own (seen: {@code
   * [[1,64,40,40],[1,80,40,40],[80,80,1,1]]} for an 80-channel 1x1 convolution). {@code
   * graphWeight}, where given, replaces the weight the engine ran (ONNX Runtime pads a blocked
   * convolution's channels; the network's work is the graph's).
   */
  static long convolution(JsonNode dims, JsonNode graphWeight) {
    for (int i = 0; i + 1 < dims.size(); i++) {
      JsonNode x = dims.path(i);
      JsonNode w = dims.path(i + 1);
      if (x.size() == 4
          && w.size() == 4
          && w.get(1).asLong() > 0
          && x.get(1).asLong() % w.get(1).asLong() == 0) {
        JsonNode weight = graphWeight != null && graphWeight.size() == 4 ? graphWeight : w;
        return x.get(0).asLong() * x.get(2).asLong() * x.get(3).asLong() * product(weight);
      }
    }
    return 0;
  }

  /**
   * {@code mm [M,K] [K,N]}, {@code addmm bias [M,K] [K,N]}, {@code bmm [B,M,K] [B,K,N]}: {@code
   * (B)*M*K*N}; {@code linear [..., K] [N, K]}: {@code (...)*K*N}.
   */
  /**
   * {@code outputs} (ONNX Runtime records them) give a {@code Gemm}'s N where its weight was
   * pre-packed and no longer shows as an input.
   */
  static long matmul(String name, JsonNode dims, JsonNode outputs) {
    if (name.equals("aten::linear")) {
      JsonNode x = dims.path(0);
      JsonNode w = dims.path(1);
      return x.size() < 1 || w.size() != 2 ? 0 : product(x) * w.get(0).asLong();
    }
    if (name.equals("Gemm")) { // A [M, K] times B [K, N]: M*K*N = |A| * N, N from the output
      JsonNode a = dims.path(0);
      JsonNode y = outputs == null ? null : outputs.path(0);
      return a.size() != 2 || y == null || y.size() != 2 ? 0 : product(a) * y.get(1).asLong();
    }
    int first = name.equals("aten::addmm") || name.equals("aten::baddbmm") ? 1 : 0;
    JsonNode a = dims.path(first);
    JsonNode b = dims.path(first + 1);
    if (a.size() < 2 || b.size() < 2) {
      return 0;
    }
    return product(a) * b.get(b.size() - 1).asLong();
  }

  private static long product(JsonNode shape) {
    long n = 1;
    for (JsonNode d : shape) {
      n *= d.asLong();
    }
    return n;
  }

  /** The profile's {@code work} key. */
  public ObjectNode json() {
    return new ProfileRows.Work(convMacsStride1, matmulMacs).json();
  }
}
