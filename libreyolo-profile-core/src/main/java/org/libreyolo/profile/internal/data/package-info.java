/**
 * Image sources for inference and detection datasets for training: YAML datasets, generated shapes
 * datasets, mosaic, augmentation and the multi-threaded loader.
 */
package org.libreyolo.profile.internal.data;
