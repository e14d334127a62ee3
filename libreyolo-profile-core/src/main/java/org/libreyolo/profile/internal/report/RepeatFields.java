package org.libreyolo.profile.internal.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/** The throughput's spread over repeat trials, as {@code infer} and {@code run} print it. */
public final class RepeatFields {
  private RepeatFields() {}

  /** {@code img_per_s_std} (null for one trial) and {@code img_per_s_n}. */
  public static void put(ObjectNode o, Profile p) {
    o.set(ProfileSchema.IMG_PER_S_STD, Num.json(p.imgPerSStd()));
    o.put(ProfileSchema.IMG_PER_S_N, p.throughputTrials());
  }

  /** {@code " +/- std (n=N)"} after the throughput, empty for one trial. */
  public static String spread(Profile p) {
    return p.throughputTrials() > 1
        ? " +/- " + Num.str(p.imgPerSStd()) + " (n=" + p.throughputTrials() + ")"
        : "";
  }
}
