// Loaded when a reader first presses "Copy link" or "Share…" (share-post.tsx).
import { toast } from "~/lib/toast";

export async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied", description: url });
  } catch {
    toast({
      title: "Could not copy the link",
      description: `Copy it from here: ${url}`,
      variant: "destructive",
    });
  }
}

export async function shareLink(url: string, title: string) {
  try {
    await navigator.share({ title, url });
  } catch (error) {
    // Closing the sheet is the reader's choice, not a failure.
    if (error instanceof DOMException && error.name === "AbortError") return;
    await copyLink(url);
  }
}
