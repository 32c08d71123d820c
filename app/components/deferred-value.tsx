import { Suspense } from "react";
import type { ReactNode } from "react";
import { Await } from "react-router";

/**
 * Renders loader data that is a value on document requests and a promise
 * during client navigation (see ~/lib/deferred), with a fallback meanwhile.
 */
export function DeferredValue<T>({
  value,
  fallback = null,
  children,
}: {
  value: T | Promise<T>;
  fallback?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value}>{(resolved: T) => children(resolved)}</Await>
    </Suspense>
  );
}
