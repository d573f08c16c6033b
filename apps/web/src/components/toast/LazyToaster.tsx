import { lazy, Suspense } from "react";

const Toaster = lazy(() => import("./Toaster").then((module) => ({ default: module.Toaster })));

/** The Toaster, fetched right after the first screen instead of with it. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
