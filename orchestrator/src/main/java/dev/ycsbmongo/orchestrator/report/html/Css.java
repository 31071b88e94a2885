package dev.ycsbmongo.orchestrator.report.html;

/** The report's style sheet, inlined into the page: readable on screen and in print, no web fonts. */
final class Css {

  static final String TEXT = """
      body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 14px; color: #1d232a;
             max-width: 1200px; margin: 0 auto; padding: 16px 24px 48px; line-height: 1.45; }
      h1 { font-size: 26px; margin: 8px 0 4px; }
      h2 { font-size: 20px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid #d0d7de; }
      h3 { font-size: 16px; margin: 20px 0 6px; }
      h4 { font-size: 14px; margin: 16px 0 4px; }
      .description { font-size: 15px; margin: 4px 0; }
      .meta, footer { color: #57606a; }
      .warning { background: #fff4d6; border: 1px solid #d4a72c; padding: 8px 12px; border-radius: 4px;
                 font-weight: bold; }
      nav { margin: 8px 0 0; }
      a { color: #0a58ca; }
      table { border-collapse: collapse; margin: 8px 0 12px; font-size: 13px; }
      th, td { border: 1px solid #d0d7de; padding: 4px 8px; text-align: left; vertical-align: top; }
      th { background: #f3f5f7; }
      td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
      tbody tr:nth-child(even) { background: #fafbfc; }
      tr.verdict-failed td, tr.verdict-unstable td, tr.verdict-host-busy td { background: #fff4f2; }
      code, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
      table.commands td code { word-break: break-all; }
      pre { background: #f6f8fa; border: 1px solid #d0d7de; padding: 8px 12px; overflow-x: auto; }
      figure { margin: 16px 0 24px; }
      figure svg, figure img { max-width: 100%; height: auto; border: 1px solid #e1e4e8; }
      figcaption { margin-top: 4px; color: #3d444d; }
      footer { margin-top: 40px; border-top: 1px solid #d0d7de; padding-top: 8px; font-size: 12px; }
      @media print { nav { display: none; } figure { break-inside: avoid; } }
      """;

  private Css() {
  }
}
