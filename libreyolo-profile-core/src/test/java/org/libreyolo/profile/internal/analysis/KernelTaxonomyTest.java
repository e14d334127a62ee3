package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class KernelTaxonomyTest {
  /** The reference's regex, verbatim; the literal scan must agree with it on every name. */
  static final Pattern REFERENCE_TENSOR_CORE =
      Pattern.compile(
          "h884|h1688|i16832|i8816|s16816|s1688|hmma|imma|tensorop|wmma|16816|16832|884gemm|1688gemm");

  @Test
  void tensorCoreScanAgreesWithTheReferenceRegex() {
    List<String> names =
        List.of(
            "volta_fp16_s884gemm_fp16_128x128_ldg8_f2f_nn",
            "sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x256x32_stage3_warpsize2x4x1_tensor16x8x16_kernel",
            "ampere_fp16_s16816gemm_fp16_256x128_ldg8_f2f_stages_32x3_nn",
            "void cutlass::Kernel<cutlass_80_tensorop_f16_s16816gemm_relu_f16_256x128_32x3_nn_align8>(Params)",
            "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>(int, T1, T2)",
            "volta_sgemm_128x64_nn",
            "Memcpy HtoD (Pageable -> Device)",
            "nchwToNhwcKernel",
            "HMMA_kernel",
            "implicit_convolve_sgemm",
            "wmma_fused",
            "i8816",
            "",
            "x1688GEMMy");
    for (String name : names) {
      assertThat(KernelTaxonomy.isTensorCore(name))
          .as(name)
          .isEqualTo(REFERENCE_TENSOR_CORE.matcher(name.toLowerCase(java.util.Locale.ROOT)).find());
    }
    assertThat(names.stream().filter(KernelTaxonomy::isTensorCore).count()).isEqualTo(7);
  }
}
