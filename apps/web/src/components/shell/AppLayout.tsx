import { Loader } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { MiniPlayer } from "../../player";
import { BottomNav } from "./BottomNav";
import classes from "./AppLayout.module.css";

/**
 * The phone-width column every screen lives in: the screen itself, the mini player floating above
 * the bottom navigation, and the navigation. Screens load lazily; the shell stays while they do.
 */
export function AppLayout() {
  return (
    <div className={classes.column}>
      <main className={classes.main}>
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <MiniPlayer />
      <BottomNav />
    </div>
  );
}

function ScreenLoading() {
  return (
    <div className={classes.loading}>
      <Loader color="purple" aria-label="Loading" />
    </div>
  );
}
