package org.libreyolo.profile.internal.report;

/**
 * HTML escaping and the page frame (inline CSS only: the file must work offline, attached to CI).
 */
public final class Html {
  private Html() {}

  public static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length());
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '&' -> out.append("&amp;");
        case '"' -> out.append("&quot;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  public static String page(String title, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>"
        + esc(title)
        + "</title><style>"
        + "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:14px;color:#222;"
        + "margin:0;background:#f6f7f9}main{max-width:1220px;margin:0 auto;padding:16px}"
        + "h1{font-size:20px;margin:4px 0 8px}h2{font-size:15px;margin:0 0 8px}"
        + ".grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(580px,1fr));gap:12px}"
        + ".card{background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:12px;overflow-x:auto}"
        + ".verdict{font-size:16px;padding:8px 12px;border-radius:6px;background:#eef3fb;border-left:4px solid #4e79a7}"
        + ".verdict.regression{background:#fdecea;border-color:#e15759}.verdict.improved,.verdict.pass{background:#eaf7ee;"
        + "border-color:#59a14f}.verdict.inconclusive{background:#fff8e1;border-color:#c9a227}"
        + ".verdict .word{font-weight:700;font-size:20px;margin-right:8px}#verdict{margin:8px 0 12px}"
        + ".tag{font-weight:600;padding:1px 6px;border-radius:4px;background:#eef0f3}.tag.regression{background:#fdecea;"
        + "color:#b03a2e}.tag.pass,.tag.improved{background:#eaf7ee;color:#2e6b34}.tag.inconclusive{background:#fff8e1;"
        + "color:#7a5d00}details.card{margin-top:12px}details summary{cursor:pointer}.card{margin-bottom:12px}"
        // long names may break anywhere, words and numbers never ("chan ge", "REGRESS ION", "1.2
        // 34")
        + "td,th{overflow-wrap:break-word}th,td.num,.tag,.word{white-space:nowrap}.counter{font-size:13px}"
        + "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eee;"
        + "font-variant-numeric:tabular-nums}td.num,th.num{text-align:right}"
        + ".muted{color:#666}.kv td:first-child{color:#555;width:38%}svg text:not([fill]){fill:#222}"
        // a hash or a path has no break opportunity: it may break anywhere, not overflow the card
        + ".kv td+td,td.method{overflow-wrap:anywhere}"
        // a block of text lines (the comparison's statistics) wraps inside its card
        + "pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}"
        + "</style></head><body><main>"
        + body
        + "</main></body></html>\n";
  }

  public static String card(String title, String content) {
    return "<section class=\"card\"><h2>" + esc(title) + "</h2>" + content + "</section>";
  }
}
