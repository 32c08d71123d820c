/** Where the body editor appears; shown until its code (loaded on demand) has arrived. */
export function EditorPlaceholder() {
  return (
    <div className="min-h-72 rounded-lg border border-white/15 bg-slate-900 px-4 py-3 text-slate-400">
      Loading the editor...
    </div>
  );
}
