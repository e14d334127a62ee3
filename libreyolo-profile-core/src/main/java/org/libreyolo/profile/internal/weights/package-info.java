/**
 * Where weights come from: built-in names, npz/safetensors state dicts, TorchScript, seeded random
 * initialisation.
 */
package org.libreyolo.profile.internal.weights;
