package org.libreyolo.profile.result;

import java.nio.file.Path;

/**
 * What {@code profile infer} produced: the reported file (the trial's profile.json, or
 * infer_repeat.json across trials), its content, and the throughput across trials.
 */
public record InferResult(Path reported, Profile profile, Double imgPerS, Double imgPerSStd, int imgPerSN) {}
