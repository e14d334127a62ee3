package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.ParameterStore;
import java.util.ArrayList;
import java.util.List;

/** CSP block: {@code cv3(cat[m(cv1(x)), cv2(x)])} with n RepNBottlenecks of width c2/2. */
final class RepNCSP extends Layer {
  private final Conv cv1;
  private final Conv cv2;
  private final Conv cv3;
  private final List<RepNBottleneck> m = new ArrayList<>();

  public RepNCSP(int in, int out, int n) {
    int hidden = out / 2;
    cv1 = child("cv1", new Conv(in, hidden, 1));
    cv2 = child("cv2", new Conv(in, hidden, 1));
    cv3 = child("cv3", new Conv(2 * hidden, out, 1));
    for (int i = 0; i < n; i++) {
      m.add(child("m." + i, new RepNBottleneck(hidden)));
    }
    branches = new StackedConvs(cv1, cv2);
  }

  /** cv1 and cv2 (both 1x1 on x) as one convolution in the fused net. */
  private final StackedConvs branches;

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    if (!training && branches.fused()) {
      return applyStacked(ps, x);
    }
    NDArray a = cv1.apply(ps, x, training);
    for (RepNBottleneck bottleneck : m) {
      NDArray next = bottleneck.apply(ps, a, training);
      free(a);
      a = next;
    }
    NDArray b = cv2.apply(ps, x, training);
    NDArray joined = NDArrays.concat(new NDList(a, b), 1);
    free(a, b);
    NDArray y = cv3.apply(ps, joined, training);
    free(joined);
    return y;
  }

  /** cv1 and cv2 as one stacked convolution, split: one GEMM and one SiLU instead of two. */
  private NDArray applyStacked(ParameterStore ps, NDArray x) {
    NDList halves = branches.apply(x);
    NDArray a = halves.get(0);
    for (RepNBottleneck bottleneck : m) {
      NDArray next = bottleneck.apply(ps, a, false);
      if (a != halves.get(0)) {
        free(a);
      }
      a = next;
    }
    NDArray joined = NDArrays.concat(new NDList(a, halves.get(1)), 1);
    if (a != halves.get(0)) {
      free(a);
    }
    free(halves);
    NDArray y = cv3.apply(ps, joined, false);
    free(joined);
    return y;
  }

  @Override
  void fuse(NDManager manager) {
    super.fuse(manager);
    branches.fuse(manager);
  }

  @Override
  void unfuse() {
    super.unfuse();
    branches.unfuse();
  }
}
