package org.libreyolo.profile.history;

import org.libreyolo.profile.Api;

/**
 * Where a series' level moved.
 *
 * @param index the first run of the new level, its 0-based position in the series ordered by time
 * @param change the relative change of the level, a fraction (+0.05 = 5% higher)
 * @param pValue the two-sided p-value of the trimmed-means test between the neighbouring segments
 * @param before the level before (20%-trimmed mean of the segment before, up to a window)
 * @param after the level after
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record ChangePoint(int index, double change, double pValue, double before, double after) {}
