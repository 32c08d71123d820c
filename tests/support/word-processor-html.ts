// What Word and Google Docs put on the clipboard as text/html (shortened,
// with their habits kept), for the sanitiser's tests and the editor's paste
// journey.

/**
 * Word for Windows: Office namespaces and conditional comments, a <style>
 * block, MsoNormal classes, mso- styles, <o:p>, spans with inline styles, an
 * empty paragraph for a blank line, and lists written as paragraphs whose
 * bullet or number is text for programs without lists.
 */
export const WORD_HTML = [
  `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">`,
  `<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15 (filtered)">`,
  `<style><!-- p.MsoNormal, li.MsoNormal {margin:0cm; font-size:12.0pt; font-family:"Calibri",sans-serif;} --></style>`,
  `<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]--></head>`,
  `<body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'><!--StartFragment-->`,
  `<p class=MsoNormal><b><span style='font-size:14.0pt;mso-bidi-font-size:11.0pt'>Trail notes<o:p></o:p></span></b></p>`,
  `<p class=MsoNormal style='margin-bottom:8.0pt;mso-line-height-alt:12.0pt'><span style='font-family:"Calibri",sans-serif;mso-ascii-theme-font:minor-latin'>We left at <i>dawn</i> and reached the <a href="https://example.com/hut">hut</a> by noon.<o:p></o:p></span></p>`,
  `<p class=MsoNormal><o:p>&nbsp;</o:p></p>`,
  `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Water<o:p></o:p></p>`,
  `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Rain shell<o:p></o:p></p>`,
  `<p class=MsoNormal>Then, in order:</p>`,
  `<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-fareast-font-family:Calibri'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Boots on<o:p></o:p></p>`,
  `<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-fareast-font-family:Calibri'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Out the door<o:p></o:p></p>`,
  `<!--EndFragment--></body></html>`,
].join("\n");

/**
 * Google Docs: everything inside a <b style="font-weight:normal"> wrapper,
 * bold and italic as spans' inline styles, a <br> between blocks.
 */
export const GOOGLE_DOCS_HTML = [
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-5678-9abcdef01234">`,
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">A quiet </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">summit</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">, finally.</span></p>`,
  `<br>`,
  `<h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Gear</span></h2>`,
  `</b>`,
].join("");

/** Their markup, which a post's HTML must not keep, and Word's list bullets. */
export const WORD_PROCESSOR_LEFTOVERS =
  /class=|style=|mso-|<\/?o:|<span|<font|<meta|<style|<!--|docs-internal|·/;
