/**
 * Analysis: a trace (and its sibling summary) becomes a profile, following the reference's window,
 * metrics, categories, phases and verdicts (docs/reference-behaviour.md). {@link
 * org.libreyolo.profile.internal.analysis.ProfileLoader} is what every reader loads.
 */
package org.libreyolo.profile.internal.analysis;
