/**
 * The built-in LibreYOLO9 detector as a user writes a perf test or a prediction with it: one facade
 * ({@link org.libreyolo.profile.yolo.Yolo9}) over the network, its weights and the preprocess /
 * forward / postprocess pipeline.
 */
package org.libreyolo.profile.yolo;
