// HTML pasted into the post editor, tidied before the editor reads it. The
// editor's schema already drops classes, styles and Office's own tags; what
// it cannot know is that Word writes a list as paragraphs whose bullet or
// number is text (for programs without lists), and a blank line as a
// paragraph holding a non-breaking space. Runs in the browser only.

const WORD = /urn:schemas-microsoft-com:office|class="?Mso/i;
const WORD_LIST_ITEM = /mso-list:\s*l\d/i;
/** "1.", "a)", "iv." start an ordered list; "·", "o", "§" a bulleted one. */
const ORDERED_MARKER = /^[0-9a-z]{1,5}[.)]$/i;

/** Removes a Word list paragraph's bullet or number, and returns it. */
function takeMarker(paragraph: HTMLElement): string {
  const walker = paragraph.ownerDocument.createTreeWalker(
    paragraph,
    NodeFilter.SHOW_COMMENT,
  );
  // <![if !supportLists]>…<![endif]> reach the DOM as comments around it.
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue !== "[if !supportLists]") continue;
    let marker = "";
    for (
      let next = node.nextSibling;
      next && next.nodeValue !== "[endif]";
      next = node.nextSibling
    ) {
      marker += next.textContent ?? "";
      next.remove();
    }
    return marker.trim();
  }
  const ignored = paragraph.querySelector('[style*="mso-list:Ignore" i]');
  const marker = ignored?.textContent?.trim() ?? "";
  ignored?.remove();
  return marker;
}

/** Word's paragraphs of a list become the items of one <ul> or <ol>. */
function toListItem(paragraph: HTMLElement) {
  const document = paragraph.ownerDocument;
  const tag = ORDERED_MARKER.test(takeMarker(paragraph)) ? "ol" : "ul";
  const previous = paragraph.previousElementSibling;
  let list = previous?.localName === tag ? previous : null;
  if (!list) {
    list = document.createElement(tag);
    paragraph.before(list);
  }
  const item = document.createElement("li");
  item.append(...paragraph.childNodes);
  list.append(item);
  paragraph.remove();
}

export function tidyPastedHtml(html: string): string {
  if (!WORD.test(html)) return html;
  const document = new DOMParser().parseFromString(html, "text/html");
  for (const paragraph of document.body.querySelectorAll("p")) {
    if (WORD_LIST_ITEM.test(paragraph.getAttribute("style") ?? "")) {
      toListItem(paragraph);
    } else if (
      paragraph.className.startsWith("Mso") &&
      paragraph.textContent.trim() === "" &&
      !paragraph.querySelector("img")
    ) {
      paragraph.remove();
    }
  }
  return document.body.innerHTML;
}
