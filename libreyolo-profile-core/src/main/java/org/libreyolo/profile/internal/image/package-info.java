/**
 * Images in memory and the letterbox resize shared by inference preprocessing and training data.
 */
package org.libreyolo.profile.internal.image;
