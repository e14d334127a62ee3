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
  void everyKernelTheReferenceCountsIsCounted() {
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
      if (REFERENCE_TENSOR_CORE.matcher(name.toLowerCase(java.util.Locale.ROOT)).find()) {
        assertThat(KernelTaxonomy.isTensorCore(name)).as(name).isTrue();
      }
    }
    // the reference's 7, and Ampere's cuDNN xmma kernel (tensor16x8x16) it does not know
    assertThat(names.stream().filter(KernelTaxonomy::isTensorCore).count()).isEqualTo(8);
  }

  /**
   * Hopper's and Blackwell's tensor-core kernels (names from the H200 traces in fixtures/gpu-h200
   * and cuBLASLt's), counted; SIMT kernels that carry a newer word, not (docs/deviations.md).
   */
  @Test
  void todaysTensorCoreKernelsAreCountedAndSimtOnesAreNot() {
    for (String tc :
        List.of(
            "sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x128x64_warpgroupsize1x1x1_g1_execute_segment_k_off_kernel__5x_cudnn",
            "sm80_xmma_fprop_implicit_gemm_indexed_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x32x32_stage4_warpsize4x1x1_g1_tensor16x8x16_execute_kernel__5x_cudnn",
            "nvjet_sm90_tst_128x16_64x11_2x1_v_bz_NNT",
            "nvjet_sm100_tss_256x128_64x4_2x1_v_bz_TNT",
            "sm90_gemm_bf16_wgmma_128x128x64",
            "cutlass3x_sm90_tensorop_gmma_s64x128x16gemm_bf16_bf16_f32",
            "sm100_tcgen05_gemm_f16_256x128",
            "sm80_xmma_gemm_tf32f32_tf32f32_f32_nn_n_tilesize128x128x16_stage4_warpsize2x2x1_tensor16x8x8_kernel",
            "sm80_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16")) {
      assertThat(KernelTaxonomy.isTensorCore(tc)).as(tc).isTrue();
    }
    for (String simt :
        List.of(
            "void implicit_convolve_sgemm<__nv_bfloat16, __nv_bfloat16, 1024, 5, 5, 3, 3, 3, 1, false, false, true>(int, int, int)",
            "sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x128x8_stage3_ffma",
            "sm90_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize64x64x8_warpsize1x4x1",
            "ampere_sgemm_128x64_nn",
            "void at::native::batch_norm_backward_kernel<c10::BFloat16, float, float, int>(int)")) {
      assertThat(KernelTaxonomy.isTensorCore(simt)).as(simt).isFalse();
    }
  }
}
