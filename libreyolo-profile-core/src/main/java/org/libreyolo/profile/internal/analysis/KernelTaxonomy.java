package org.libreyolo.profile.internal.analysis;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The reference's kernel vocabulary: Tensor-Core recognition, the ordered category regexes (first
 * match wins) and the friendly labels; plus the CPU op-name categories used for CPU profiles, which
 * map onto the same category names.
 */
public final class KernelTaxonomy {
  public static final String GEMM_CONV = "gemm / conv";
  public static final String NORM = "reduction / norm";
  public static final String LAYOUT = "layout / copy";
  public static final String ELEMENTWISE = "elementwise";
  public static final String OTHER = "other";

  /**
   * The reference's Tensor-Core regex, {@code
   * h884|h1688|i16832|i8816|s16816|s1688|hmma|imma|tensorop |wmma|16816|16832|884gemm|1688gemm}: an
   * alternation of plain literals, so {@code find()} is "contains any", which indexOf does several
   * times faster on long templated kernel names.
   */
  private static final String[] TENSOR_CORE = {
    "h884",
    "h1688",
    "i16832",
    "i8816",
    "s16816",
    "s1688",
    "hmma",
    "imma",
    "tensorop",
    "wmma",
    "16816",
    "16832",
    "884gemm",
    "1688gemm"
  };

  /**
   * Ours, beyond the reference's Volta/Ampere names (docs/deviations.md): Hopper's warpgroup MMA
   * ({@code wgmma}, {@code gmma}, cuDNN's {@code sm90_xmma_*_warpgroupsize*}), cuDNN's xmma kernels
   * of any generation ({@code sm80_xmma_*_tensor16x8x16_*}), cuBLASLt's Hopper and Blackwell
   * kernels ({@code nvjet_sm90_*}, {@code nvjet_sm100_*}), Blackwell's {@code tcgen05}, and tf32.
   */
  private static final String[] TENSOR_CORE_NEWER = {
    "xmma", "gmma", "warpgroup", "nvjet_", "tcgen05", "tf32", "tensor16x8x"
  };

  /**
   * SIMT kernels a newer word would take for tensor-core ones: FFMA kernels, cuDNN's {@code
   * implicit_convolve_sgemm} (on bf16 inputs too), and xmma kernels of plain fp32 types.
   */
  private static final String[] SIMT = {"ffma", "implicit_convolve_sgemm", "f32f32_f32f32_f32"};

  private record Rule(String category, Pattern pattern) {}

  private static final List<Rule> GPU_RULES =
      List.of(
          new Rule(
              NORM,
              Pattern.compile(
                  "bn_bw|bn_fw|batchnorm|batch_norm|layer_norm|group_norm|instance_norm"
                      + "|softmax|welford|\\breduce|variance|rms_norm")),
          new Rule(LAYOUT, Pattern.compile("nchwtonhwc|nhwctonchw")),
          new Rule(
              GEMM_CONV,
              // the reference's words, and cuBLASLt's Hopper/Blackwell GEMMs (nvjet_sm90_*)
              Pattern.compile("gemm|conv|implicit|cutlass|cudnn|wgrad|dgrad|winograd|nvjet")),
          new Rule(
              LAYOUT,
              Pattern.compile(
                  "memcpy|memset|\\bcopy|catarray|concat|contiguous|\\bgather|\\bscatter"
                      + "|\\bpermute|\\btranspose")),
          new Rule(
              ELEMENTWISE,
              Pattern.compile(
                  "elementwise|vectorized|pointwise|activation|silu|relu|sigmoid"
                      + "|unary|binary|clamp|fill|arange")));

  /** CPU op names (aten::x and their autograd *Backward0 forms). */
  private static final List<Rule> CPU_RULES =
      List.of(
          new Rule(
              GEMM_CONV,
              Pattern.compile("conv|mm\\b|addmm|matmul|linear|gemm|mkldnn|_slow_conv|thnn")),
          new Rule(
              NORM,
              Pattern.compile(
                  "batch_norm|batchnorm|layer_norm|group_norm|softmax|sum|mean|max|min"
                      + "|norm|var|std|reduce|topk|sort")),
          new Rule(
              LAYOUT,
              Pattern.compile(
                  "cat|copy|permute|transpose|contiguous|view|reshape|as_strided|slice|reorder"
                      + "|select|index|gather|scatter|split|chunk|stack|expand|clone|to\\b|_to_copy|empty|resize|pad"
                      + "|upsample|repeat|squeeze|unsqueeze|flatten|narrow|t\\b")),
          new Rule(
              ELEMENTWISE,
              Pattern.compile(
                  "add|sub|mul|div|sigmoid|silu|relu|exp|log|sqrt|rsqrt|pow|neg|abs"
                      + "|clamp|where|fill|zero|lerp|addcmul|addcdiv|tanh|atan|maximum|minimum|gt|lt|ge|le|eq|ne|sign"
                      + "|floor|ceil|round|arange|uniform|normal|rand|threshold|hardtanh|pool")));

  private KernelTaxonomy() {}

  public static boolean isTensorCore(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (containsAny(lower, TENSOR_CORE)) {
      return true; // the reference's call, kept as it was
    }
    return containsAny(lower, TENSOR_CORE_NEWER)
        && !(containsAny(lower, SIMT) && !lower.contains("tf32"));
  }

  private static boolean containsAny(String lower, String[] literals) {
    for (String literal : literals) {
      if (lower.contains(literal)) {
        return true;
      }
    }
    return false;
  }

  public static String category(String name) {
    return firstMatch(GPU_RULES, name.toLowerCase(Locale.ROOT));
  }

  /**
   * Category of a CPU op by name (conv/mm, batch_norm, cat/copy/permute, add/mul/sigmoid/silu,
   * other).
   */
  public static String cpuCategory(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    int colons = n.lastIndexOf("::");
    return firstMatch(CPU_RULES, colons >= 0 ? n.substring(colons + 2) : n);
  }

  private static String firstMatch(List<Rule> rules, String lower) {
    for (Rule rule : rules) {
      if (rule.pattern().matcher(lower).find()) {
        return rule.category();
      }
    }
    return OTHER;
  }

  private static final String[][] FRIENDLY = {
    {"bn_bw", "cudnn batchnorm (bwd)"},
    {"bn_fw", "cudnn batchnorm (fwd)"},
    {"nchwtonhwc", "layout nchw->nhwc"},
    {"nhwctonchw", "layout nhwc->nchw"},
    {"implicitgemm", "cutlass conv (implicit gemm)"},
    {"implicit_convolve", "implicit conv"},
    {"wgrad", "conv wgrad"},
    {"dgrad", "conv dgrad"},
    {"cgemm", "gemm"},
    {"sgemm", "gemm"},
    {"gemm", "gemm"},
    {"vectorized_elementwise", "elementwise"},
    {"elementwise", "elementwise"},
    {"softmax", "softmax"},
    {"reduce", "reduction"},
    {"cat", "concat"},
  };

  /** Friendly label: the first plain-substring hit, else the first 40 characters of the name. */
  public static String friendlyName(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (String[] entry : FRIENDLY) {
      if (lower.contains(entry[0])) {
        return entry[1];
      }
    }
    return prefix(name, 40);
  }

  /** Python's {@code s[:n]} (by UTF-16 unit here; names are ASCII in practice). */
  static String prefix(String s, int n) {
    return s.length() <= n ? s : s.substring(0, n);
  }
}
