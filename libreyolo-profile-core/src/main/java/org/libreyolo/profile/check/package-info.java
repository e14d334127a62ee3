/**
 * Checking a build, the use case the Maven {@code check} goal adapts: the infer output and every
 * perf test's step against its baseline, measured again in this job where the baseline can be
 * ({@code produce}), judged ({@code gate}), recorded ({@code history}) and written ({@code
 * report}). It sits on top of all four, so that none of them reaches another's job.
 */
package org.libreyolo.profile.check;
