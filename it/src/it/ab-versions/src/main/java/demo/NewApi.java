package demo;

/** Added in 2.0: the previous version does not have it. */
public final class NewApi {
  private NewApi() {}

  public static long twice(byte[] data) {
    return 2 * Work.crunch(data);
  }
}
