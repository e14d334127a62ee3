/**
 * Capture: drives libtorch's operator profiler through DJL, records Java-side step markers and
 * phase spans, and writes one Kineto-convention trace (docs/profile-schema.md, "Traces").
 */
package org.libreyolo.profile.internal.capture;
