package org.libreyolo.profile;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a type as part of the public API and says how stable it is (JUnit's {@code @API}
 * convention). Every public type outside {@code org.libreyolo.profile.internal} carries it; the
 * internal packages may change in any release (docs/api.md).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public @interface Api {
  /**
   * How far a user may rely on the element.
   *
   * @return the element's stability
   */
  Status status();

  /**
   * The version that introduced the element in its current form.
   *
   * @return a version such as {@code 0.1.0}
   */
  String since();

  /** The stability levels, from the strongest promise to the weakest. */
  enum Status {
    /** Kept compatible within a major version. */
    STABLE,
    /** New: may change in a minor version, with a note in the changelog. */
    EXPERIMENTAL,
    /**
     * Still works, will be removed in the next minor version; its javadoc names the replacement.
     */
    DEPRECATED,
    /**
     * Public only so this project's own modules can reach it (a child JVM's protocol and body, the
     * plugin's plumbing): no promise at all, not for users (JUnit's {@code INTERNAL}).
     */
    INTERNAL
  }
}
