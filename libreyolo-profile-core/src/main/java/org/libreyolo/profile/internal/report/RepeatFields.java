package org.libreyolo.profile.internal.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/** The throughput's spread over repeat trials, as {@code infer} and {@code run} print it. */
public final class RepeatFields {
  private RepeatFields() {}

  /** {@code img_per_s_std} (null for one trial) and {@code img_per_s_n}. */
  public static void put(ObjectNode o, Profile p) {
    o.set("img_per_s_std", Num.json(p.imgPerSStd()));
    o.put("img_per_s_n", p.throughputTrials());
  }

  /** {@code " +/- std (n=N)"} after the throughput, empty for one trial. */
  public static String spread(Profile p) {
    return p.throughputTrials() > 1
        ? " +/- " + Num.str(p.imgPerSStd()) + " (n=" + p.throughputTrials() + ")"
        : "";
  }
}
