package org.libreyolo.profile.gate;

import org.libreyolo.profile.Api;

/** Outcome of a baseline gate. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum Verdict {
  /** No significant change beyond the practical threshold. */
  PASS,
  /** Significantly better by more than the threshold. */
  IMPROVED,
  /** Significantly worse by more than the threshold: fails the build unless advisory. */
  REGRESSION,
  /** Cannot decide: different environments, or no samples or repeats to test with. */
  INCONCLUSIVE
}
