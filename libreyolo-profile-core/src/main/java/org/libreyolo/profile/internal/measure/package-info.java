/**
 * The measurement core shared by every producer: the step timer (warmup, measured iterations,
 * traced extra steps), the phase clock, the profile assembler and the repeat aggregation
 * (docs/measurement.md).
 */
package org.libreyolo.profile.internal.measure;
