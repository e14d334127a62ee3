/**
 * The JUnit 5 extension: {@link org.libreyolo.profile.junit.ProfiledStep} marks a perf test, an
 * injected {@link org.libreyolo.profile.junit.StepProfiler} measures its step with the core's loop
 * and gates it on a baseline.
 */
package org.libreyolo.profile.junit;
