/**
 * The detection pipeline: preprocess, forward and postprocess (decode and NMS) of a batch of
 * images.
 */
package org.libreyolo.profile.internal.pipeline;
