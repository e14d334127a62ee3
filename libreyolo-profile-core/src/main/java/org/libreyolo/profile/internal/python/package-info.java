/**
 * Python compatibility: rounding (half to even), number formatting and JSON layout exactly as the
 * reference's Python prints them.
 */
package org.libreyolo.profile.internal.python;
