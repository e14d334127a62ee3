/**
 * Producers: {@code profile infer}, {@code profile run} and custom steps (JUnit). Each gives only
 * its iteration body and configuration to {@code measure}.
 */
package org.libreyolo.profile.produce;
