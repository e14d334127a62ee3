package org.libreyolo.profile.internal.analysis;

/**
 * The figures a profile builds on its step time (docs/profile-schema.md): utilisation, the busy
 * time over the step (raw and clamped to 1), and host overhead, the step less busy and data-loading
 * time. One definition for the analyser and for a forked profile's pooled step.
 *
 * @param utilRaw busy / step (0 when the step is 0)
 * @param util {@code utilRaw} clamped to 1
 * @param hostMs step - busy - dataload, at least 0
 */
public record StepShares(double utilRaw, double util, double hostMs) {
  public static StepShares of(double stepMs, double busyMs, double dataloadMs) {
    double raw = stepMs != 0 ? busyMs / stepMs : 0.0;
    return new StepShares(raw, Math.min(raw, 1.0), Math.max(stepMs - busyMs - dataloadMs, 0.0));
  }
}
