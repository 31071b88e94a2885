package dev.ycsbmongo.orchestrator.report.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The compacted SVG draws the same points, to a tenth of a pixel, in fewer bytes. */
class SvgCompactorTest {

  /** Relative m/l/q/c/z data back to absolute points in tenths of a pixel, one list per command. */
  static List<String> absolute(String relative) {
    Matcher t = Pattern.compile("[mlqcz]|-?(?:\\d+\\.?\\d*|\\.\\d+)").matcher(relative);
    List<String> tokens = new ArrayList<>();
    while (t.find()) {
      tokens.add(t.group());
    }
    List<String> out = new ArrayList<>();
    long x = 0;
    long y = 0;
    long sx = 0;
    long sy = 0;
    String cmd = null;
    List<Long> args = new ArrayList<>();
    for (int i = 0; i <= tokens.size(); i++) {
      String tok = i < tokens.size() ? tokens.get(i) : "end";
      if (Character.isLetter(tok.charAt(0))) {
        if (cmd != null && !cmd.equals("z")) {
          StringBuilder s = new StringBuilder(cmd.toUpperCase());
          for (int k = 0; k < args.size(); k += 2) {
            s.append(' ').append(x + args.get(k)).append(',').append(y + args.get(k + 1));
          }
          x += args.get(args.size() - 2);
          y += args.get(args.size() - 1);
          if (cmd.equals("m")) {
            sx = x;
            sy = y;
          }
          out.add(s.toString());
        } else if ("z".equals(cmd)) {
          out.add("Z");
          x = sx;
          y = sy;
        }
        cmd = tok;
        args.clear();
      } else {
        args.add(Math.round(Double.parseDouble(tok) * 10));
      }
    }
    return out;
  }

  @Test
  void writesPathsRelativeInTenthsWithoutDriftingFromTheAbsolutePoints() {
    String d = "M2.1234,-0.95 L5.8,-0.9 L5.8,-0 Q1.4,-1.5 2.4,-2.6 Z M106.5,456.8 L109.55,456.8 L109.5,457.8 Z "
        + "M0.04,0.06 C1,2 3,4 5,6";
    String compact = SvgCompactor.compactPath(d);
    // after z the pen is back at the subpath's start, so the next m is relative to that
    assertEquals("m2.1-.9l3.7 0l0 .9q-4.4-1.5-3.4-2.6zm104.4 457.7l3.1 0l-.1 1zm-106.5-456.7c1 1.9 3 3.9 5 5.9", compact);
    assertEquals(List.of("M 21,-9", "L 58,-9", "L 58,0", "Q 14,-15 24,-26", "Z", "M 1065,4568", "L 1096,4568",
        "L 1095,4578", "Z", "M 0,1", "C 10,20 30,40 50,60"), absolute(compact));
  }

  @Test
  void leavesPathDataItDoesNotKnowAlone() {
    assertEquals("M1,1 A5,5 0 0 1 10,10", SvgCompactor.compactPath("M1,1 A5,5 0 0 1 10,10"));
    assertEquals("M1,1 L2", SvgCompactor.compactPath("M1,1 L2"));
  }

  @Test
  void aDrawnChartIsAQuarterOfItsFullPrecisionSizeAndStillOneSvgDocument() throws Exception {
    ChartSpec spec = ChartRendererTest.handMade().get(0);
    String svg = ChartRenderer.svg(spec);
    assertTrue(svg.contains("<svg") && svg.strip().endsWith("</svg>"), svg.substring(0, 200));
    assertTrue(svg.length() < 70_000, "a small line chart's SVG is " + svg.length() + " bytes");
    assertTrue(!svg.contains(">\n  <"), "no indentation between elements");
  }
}
