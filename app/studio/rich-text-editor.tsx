// The post body's editor (Tiptap 3). Loaded only by the edit screen, after it
// has rendered, so no other screen (and no public page) pays for it.
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
import { useRouteLoaderData } from "react-router";

import { toast } from "~/lib/toast";

import { EditorPlaceholder } from "./editor-placeholder";
import { MediaPickerDialog } from "./media/media-picker-dialog";
import { tidyPastedHtml } from "./pasted-html";

export interface RichTextEditorProps {
  initialHtml: string;
  onChange(html: string): void;
  /** The id of the visible label naming the body. */
  labelledBy: string;
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
          "post-body-editor min-h-72 rounded-b-lg border border-t-0 border-white/15 bg-slate-900 px-4 py-3 text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400",
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });
  if (!editor) return <EditorPlaceholder />;
  return (
    <div>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

const toolButtonClass =
  "rounded-md px-2.5 py-1.5 text-sm font-semibold text-slate-200 hover:bg-white/10 aria-pressed:bg-emerald-500/20 aria-pressed:text-emerald-200 focus-visible:outline-2 focus-visible:outline-emerald-400";

function Toolbar({ editor }: { editor: Editor }) {
  const [picking, setPicking] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      link: current.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: Array<{
    label: string;
    text: string;
    pressed?: boolean;
    run(): void;
  }> = [
    {
      label: "Heading",
      text: "H2",
      pressed: active.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Subheading",
      text: "H3",
      pressed: active.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      label: "Bold",
      text: "B",
      pressed: active.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      label: "Italic",
      text: "I",
      pressed: active.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      label: "Bulleted list",
      text: "• List",
      pressed: active.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      text: "1. List",
      pressed: active.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: "Quote",
      text: "“ Quote",
      pressed: active.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      label: "Code",
      text: "</> Code",
      pressed: active.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    {
      label: active.link ? "Remove link" : "Link",
      text: active.link ? "Unlink" : "Link",
      run: () => {
        if (active.link) {
          chain().unsetLink().run();
          return;
        }
        const href = window.prompt("Link address (https://…)")?.trim();
        if (!href) return;
        if (!/^(https?:\/\/|mailto:|\/(?!\/))/.test(href)) {
          toast({
            title: "Link not added",
            description: "Use an address starting with https://, mailto: or /.",
            variant: "destructive",
          });
          return;
        }
        chain().extendMarkRange("link").setLink({ href }).run();
      },
    },
    {
      label: "Image",
      text: "Image",
      run: () => setPicking(true),
    },
  ];
  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 rounded-t-lg border border-white/15 bg-slate-800/80 p-1.5"
      >
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            aria-pressed={tool.pressed}
            aria-haspopup={tool.label === "Image" ? "dialog" : undefined}
            onClick={tool.run}
            className={toolButtonClass}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <MediaPickerDialog
        open={picking}
        title="Insert an image"
        onClose={() => setPicking(false)}
        onPick={(image) =>
          chain().setImage({ src: image.url, alt: image.alt }).run()
        }
      />
    </>
  );
}
