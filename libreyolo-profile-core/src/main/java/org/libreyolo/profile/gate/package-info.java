/**
 * The baseline gate as builds run it: one call judges a profile against a baseline and writes the
 * verdict as JSON, markdown and HTML; baseline recording.
 */
package org.libreyolo.profile.gate;
