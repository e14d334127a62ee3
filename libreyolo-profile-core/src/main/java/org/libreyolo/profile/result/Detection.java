package org.libreyolo.profile.result;

import org.libreyolo.profile.Api;

/**
 * One detected object: class, score and xyxy box in original-image pixels.
 *
 * @param classId the class index
 * @param className the class name
 * @param score the confidence score
 * @param x1 the box's left edge, pixels
 * @param y1 the box's top edge, pixels
 * @param x2 the box's right edge, pixels
 * @param y2 the box's bottom edge, pixels
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Detection(
    int classId, String className, float score, float x1, float y1, float x2, float y2) {}
