package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;

/**
 * What {@code profile infer} produced: the reported file (the trial's profile.json, or
 * infer_repeat.json across trials), its content, and the throughput across trials.
 */
public record InferResult(Path reported, ObjectNode profile, Double imgPerS, Double imgPerSStd, int imgPerSN) {}
