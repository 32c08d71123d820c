import { and, eq, gt } from "drizzle-orm";

import type { Database } from "~database/client";
import { sessions, users } from "~database/schema";

export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: string;
}

const SESSION_COOKIES = [
  "__Secure-better-auth.session_token",
  "better-auth.session_token",
];

function sessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (!name || !SESSION_COOKIES.includes(name)) continue;
    const value = decodeURIComponent(rest.join("="));
    // better-auth signs the cookie as "<token>.<signature>".
    const dot = value.lastIndexOf(".");
    return dot > 0 ? value.slice(0, dot) : value;
  }
  return undefined;
}

/** The signed-in account making this request, or null for an anonymous visitor. */
export async function getViewer(
  request: Request,
  db: Database,
): Promise<Viewer | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Only an owner may change content. */
export function isOwner(viewer: Viewer | null): viewer is Viewer {
  return viewer?.role === "owner";
}
