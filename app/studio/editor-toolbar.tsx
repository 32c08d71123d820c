// The body editor's toolbar: each button shows whether its format applies
// where the cursor is (aria-pressed), and the list of typing shortcuts.
import { useEditorState } from "@tiptap/react";
import type { Editor } from "@tiptap/react";

import { useStickyHeight } from "./sticky-height";

const toolButtonClass =
  "rounded-md px-2.5 py-1.5 text-sm font-semibold text-slate-200 hover:bg-white/10 aria-pressed:bg-emerald-500/25 aria-pressed:text-emerald-100 aria-pressed:ring-1 aria-pressed:ring-emerald-400/60 focus-visible:outline-2 focus-visible:outline-emerald-400";

export function EditorToolbar({
  editor,
  onLink,
  onImage,
}: {
  editor: Editor;
  onLink(): void;
  onImage(): void;
}) {
  const toolbar = useStickyHeight<HTMLDivElement>("--editor-toolbar");
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
    dialog?: boolean;
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
      label: "Link",
      text: active.link ? "Edit link" : "Link",
      pressed: active.link,
      dialog: true,
      run: onLink,
    },
    { label: "Image", text: "Image", dialog: true, run: onImage },
  ];
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      ref={toolbar}
      // Sticks below the studio's header: deep in a long post, the
      // formatting buttons stay at hand. Not on a phone, where the header
      // and the keyboard already take most of the screen.
      className="z-30 flex sm:sticky sm:top-(--studio-header,0px) flex-wrap gap-1 rounded-t-lg border border-white/15 bg-slate-800 p-1.5"
    >
      {tools.map((tool) => (
        <button
          key={tool.label}
          type="button"
          aria-label={tool.label}
          aria-pressed={tool.pressed}
          aria-haspopup={tool.dialog ? "dialog" : undefined}
          onClick={tool.run}
          className={toolButtonClass}
        >
          {tool.text}
        </button>
      ))}
    </div>
  );
}

const SHORTCUTS: Array<[string, string]> = [
  ["## and a space", "Heading"],
  ["### and a space", "Subheading"],
  ["- or * and a space", "Bulleted list"],
  ["1. and a space", "Numbered list"],
  ["> and a space", "Quote"],
  ["``` ", "Code block"],
  ["**words**", "Bold"],
  ["*words*", "Italic"],
  ["Ctrl+B, Ctrl+I", "Bold, italic"],
  ["Ctrl+K", "Add or edit a link"],
  ["Ctrl+S", "Save now"],
];

/** The typing shortcuts, folded away under the body until asked for. */
export function ShortcutHelp() {
  return (
    <details className="mt-2 text-sm text-slate-300">
      <summary className="cursor-pointer text-slate-400 hover:text-slate-200">
        Typing shortcuts
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {SHORTCUTS.map(([keys, effect]) => (
          <div key={effect} className="contents">
            <dt>
              <kbd className="rounded bg-slate-800 px-1.5 py-0.5 font-mono text-xs text-slate-100">
                {keys}
              </kbd>
            </dt>
            <dd>{effect}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-slate-400">On a Mac, use Cmd for Ctrl.</p>
    </details>
  );
}
