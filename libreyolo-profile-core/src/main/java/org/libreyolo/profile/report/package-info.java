/**
 * All rendering, in one place: the readers' views, {@code profile infer}'s JSON, the gate's verdict
 * as text, markdown, JSON and HTML and its files ({@link org.libreyolo.profile.report.CheckFiles}),
 * both A/Bs, the history's views and page. Producers, the gate and the history hand it results.
 */
package org.libreyolo.profile.report;
