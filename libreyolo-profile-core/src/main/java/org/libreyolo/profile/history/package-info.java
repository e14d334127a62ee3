/**
 * The run history: every run stored (an embedded SQLite file by default, PostgreSQL for a fleet of
 * runners), change points over a series, Otava's CSV in and out (docs/history.md).
 */
package org.libreyolo.profile.history;
