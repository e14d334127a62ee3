/**
 * Training: the session that runs one training step with its phases, the loss and assigner,
 * Nesterov SGD, EMA, and the batch auto-fit.
 */
package org.libreyolo.profile.internal.train;
