package org.libreyolo.profile.result;

import java.nio.file.Path;
import org.libreyolo.profile.Api;

/**
 * What {@code profile run} produced: the reported file (the trial's profile.json, or
 * profile_repeat.json across trials), its trace and content (with the throughput's spread across
 * trials), and the notes a surface shows beside it.
 *
 * @param autoBatchNote which batch {@code --batch -1} chose and why, else null
 * @param warning a one-line warning (steps whose loss was not finite), else null
 * @param reported the file the producer reports
 * @param trace the trace written
 * @param profile the profile
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record TrainResult(
    Path reported, Path trace, Profile profile, String autoBatchNote, String warning) {}
