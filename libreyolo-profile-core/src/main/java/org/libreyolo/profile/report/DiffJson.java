package org.libreyolo.profile.report;

import static org.libreyolo.profile.report.DiffReport.counting;
import static org.libreyolo.profile.report.DiffReport.headline;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.diff.ProfileDiff;

/** A {@link ProfileDiff} in JSON: the whole diff, every row list. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class DiffJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private DiffJson() {}

  /**
   * The whole diff as JSON.
   *
   * @param d the diff
   * @return the JSON object
   */
  public static ObjectNode json(ProfileDiff d) {
    ObjectNode o = F.objectNode();
    o.put("phase", d.phase());
    o.put("before_ms", round(d.beforeMs()));
    o.put("after_ms", round(d.afterMs()));
    o.put("change_ms", round(d.deltaMs()));
    if (d.stepChange() == null) {
      o.putNull("interval");
    } else {
      ObjectNode i = o.putObject("interval");
      i.put("change", ChangeJson.round(d.stepChange().change()));
      i.put("low", ChangeJson.round(d.stepChange().low()));
      i.put("high", ChangeJson.round(d.stepChange().high()));
    }
    o.put("changed", d.changed());
    o.put("level", d.level());
    Double share = d.explainedShare();
    if (share == null) {
      o.putNull("explained_share");
    } else {
      o.put("explained_share", round(share));
    }
    o.put("explained_ms", round(d.explainedMs()));
    o.put("unexplained_ms", round(d.unexplainedMs()));
    o.put("summary", headline(d));
    ArrayNode notes = o.putArray("notes");
    d.notes().forEach(notes::add);
    // what changed, first: the rows that count, in rank (each table lists them first too)
    o.set("named", rows(d.changed() ? counting(d.contributors()) : List.of()));
    o.set("contributors", rows(d.contributors()));
    o.set("phases", rows(d.phases()));
    o.set("kernels", rows(d.kernels()));
    o.set("ops", rows(d.ops()));
    o.set("java_self", rows(d.javaSelf()));
    o.set("java_total", rows(d.javaTotal()));
    o.set("counters", rows(d.counters()));
    return o;
  }

  private static ArrayNode rows(List<DiffRow> rows) {
    ArrayNode out = F.arrayNode();
    for (DiffRow r : rows) {
      ObjectNode o = out.addObject();
      o.put("name", r.name());
      o.put("phase", r.phase());
      o.put("status", r.status().name().toLowerCase(Locale.ROOT));
      o.put("before", round(r.before()));
      o.put("after", round(r.after()));
      o.put("change", round(r.delta()));
      if (r.countBefore() >= 0 || r.countAfter() >= 0) {
        o.put("count_before", r.countBefore());
        o.put("count_after", r.countAfter());
      }
      if (r.macsBefore() != 0 || r.macsAfter() != 0) {
        o.put("macs_before", r.macsBefore());
        o.put("macs_after", r.macsAfter());
      }
      if (r.shapeBefore() != null || r.shapeAfter() != null) {
        o.put("shape_before", r.shapeBefore());
        o.put("shape_after", r.shapeAfter());
      }
      if (r.noise() != null) {
        o.put("noise", round(r.noise()));
      }
      o.put("above_noise", r.aboveNoise());
      if (r.exactChange()) {
        o.put("exact_change", true);
      }
      if (r.share() != null) {
        o.put("share", round(r.share()));
      }
    }
    return out;
  }

  private static double round(double v) {
    return Math.round(v * 1e4) / 1e4;
  }
}
