/** File formats and atomic writes: npz, safetensors, tensors, temp-file-and-rename. */
package org.libreyolo.profile.internal.io;
