package org.libreyolo.profile.result;

import java.nio.file.Path;

/**
 * What {@code profile infer} produced: the reported file (the trial's profile.json, or
 * infer_repeat.json across trials) and its content (the throughput's spread across trials is in
 * the profile).
 */
public record InferResult(Path reported, Profile profile) {}
