package org.libreyolo.profile.result;

import java.nio.file.Path;
import org.libreyolo.profile.Api;

/**
 * What {@code profile infer} produced: the reported file (the trial's profile.json, or
 * infer_repeat.json across trials) and its content (the throughput's spread across trials is in the
 * profile).
 *
 * @param reported the file the producer reports
 * @param profile the profile
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record InferResult(Path reported, Profile profile) {}
