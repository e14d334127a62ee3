package org.libreyolo.profile.result;

/** One detected object: class, score and xyxy box in original-image pixels. */
public record Detection(int classId, String className, float score, float x1, float y1, float x2, float y2) {}
