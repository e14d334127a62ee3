/**
 * Trace reading: the byte-level parallel scanner with the streaming Jackson parser as its fallback,
 * the event type, and the trace conventions shared with {@code capture} (docs/trace- reading.md).
 */
package org.libreyolo.profile.internal.trace;
