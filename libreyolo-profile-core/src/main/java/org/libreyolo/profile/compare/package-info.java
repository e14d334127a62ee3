/**
 * Two profiles compared, the {@code compare} reader's typed result: the reference's fields and its
 * significance call, the statistics over the profiles' independent samples (forks or trials), the
 * memory figures and the environment fields that differ. {@code report.Format} renders it.
 */
package org.libreyolo.profile.compare;
