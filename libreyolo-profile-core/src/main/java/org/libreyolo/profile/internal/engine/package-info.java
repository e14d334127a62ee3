/**
 * The DJL PyTorch engine: offline boot, thread settings, device resolution and the environment
 * fingerprint.
 */
package org.libreyolo.profile.internal.engine;
