// The post body's editor (Tiptap 3). Loaded only by the edit screen, after it
// has rendered, so no other screen (and no public page) pays for it. The
// body carries the public post's class (.post-content), so headings, lists,
// quotes, code, links and images look here as visitors will see them.
import Image from "@tiptap/extension-image";
import { EditorContent, Extension, useEditor } from "@tiptap/react";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";

import { EditorToolbar, ShortcutHelp } from "./editor-toolbar";
import { EditorPlaceholder } from "./editor-placeholder";
import { LinkDialog } from "./link-dialog";
import type { LinkDraft } from "./link-dialog";
import { MediaPickerDialog } from "./media/media-picker-dialog";
import { tidyPastedHtml } from "./pasted-html";

export interface RichTextEditorProps {
  initialHtml: string;
  onChange(html: string): void;
  /** The id of the visible label naming the body. */
  labelledBy: string;
}

interface Range {
  from: number;
  to: number;
}

/**
 * Takes the caret from the page when it is ahead of the editor's state: the
 * browser moves it on an arrow key at once but reports the move a task later,
 * and a shortcut pressed in between (Ctrl+K right after ArrowLeft) would act
 * on where the caret was before.
 */
function readPageSelection(current: Editor) {
  const { view } = current;
  if (!view.hasFocus()) return;
  const page = view.dom.ownerDocument.getSelection();
  if (
    !page?.anchorNode ||
    !page.focusNode ||
    !view.dom.contains(page.anchorNode) ||
    !view.dom.contains(page.focusNode)
  )
    return;
  const anchor = view.posAtDOM(page.anchorNode, page.anchorOffset);
  const head = view.posAtDOM(page.focusNode, page.focusOffset);
  const { selection } = view.state;
  if (selection.anchor === anchor && selection.head === head) return;
  current.commands.setTextSelection({ from: anchor, to: head });
}

export default function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
}: RichTextEditorProps) {
  // Tiptap adds ProseMirror's base rules (white space, the gap cursor) as an
  // inline <style>, which the CSP refuses without the page's nonce.
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)
    ?.nonce;
  const [linkDraft, setLinkDraft] = useState<LinkDraft | null>(null);
  const [picking, setPicking] = useState(false);
  /** Where the link being edited sits, from when the dialog opened. */
  const linkRange = useRef<Range>({ from: 0, to: 0 });
  const openLinkDialog = useRef((current: Editor) => {
    readPageSelection(current);
    const existing = current.isActive("link");
    if (existing) current.commands.extendMarkRange("link");
    const { from, to } = current.state.selection;
    linkRange.current = { from, to };
    setLinkDraft({
      text: current.state.doc.textBetween(from, to, " "),
      href: existing ? String(current.getAttributes("link").href ?? "") : "",
      existing,
    });
  });
  const editor = useEditor({
    injectNonce: nonce,
    extensions: [
      StarterKit.configure({
        // The page's title is its one h1.
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          protocols: ["http", "https", "mailto"],
        },
      }),
      Image.configure({ allowBase64: false }),
      Extension.create({
        name: "linkDialogShortcut",
        addKeyboardShortcuts() {
          return {
            "Mod-k": ({ editor: current }) => {
              openLinkDialog.current(current);
              return true;
            },
          };
        },
      }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      transformPastedHTML: tidyPastedHtml,
      attributes: {
        "aria-labelledby": labelledBy,
        "aria-multiline": "true",
        role: "textbox",
        class:
          "post-content post-body-editor min-h-72 rounded-b-lg border border-t-0 border-white/15 bg-slate-900 px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 sm:px-6",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  if (!editor) return <EditorPlaceholder />;
  return (
    <div>
      <EditorToolbar
        editor={editor}
        onLink={() => openLinkDialog.current(editor)}
        onImage={() => setPicking(true)}
      />
      <EditorContent editor={editor} />
      <ShortcutHelp />
      <LinkDialog
        draft={linkDraft}
        onClose={() => setLinkDraft(null)}
        // At once, with the editor's own selection written back to the page:
        // Tiptap's focus() waits a frame (a dialog opened meanwhile would lose
        // focus to it), and the caret the browser restores on closing is the
        // one from before the link changed, which ProseMirror would read back.
        restoreFocus={() => editor.view.focus()}
        onApply={({ text, href }) => {
          setLinkDraft(null);
          editor
            .chain()
            .insertContentAt(linkRange.current, {
              type: "text",
              text,
              marks: [{ type: "link", attrs: { href } }],
            })
            // Typing on after the link is not part of it.
            .unsetMark("link")
            .run();
        }}
        onRemove={() => {
          setLinkDraft(null);
          editor.chain().setTextSelection(linkRange.current).unsetLink().run();
        }}
      />
      <MediaPickerDialog
        open={picking}
        title="Insert an image"
        onClose={() => setPicking(false)}
        onPick={(image) =>
          editor
            .chain()
            .focus()
            .setImage({ src: image.url, alt: image.alt })
            .run()
        }
      />
    </div>
  );
}
