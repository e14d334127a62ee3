/** Reports: text lines, JSON for {@code profile infer}, and self-contained HTML with SVG charts. */
package org.libreyolo.profile.report;
