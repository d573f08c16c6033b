import { Button, Notification } from "@mantine/core";
import { notifications, type NotificationData } from "@mantine/notifications";
import { useRef, useState, type PointerEvent, type ReactNode } from "react";
import { ScreenLink } from "../screen-link";
import { paths } from "../../lib/paths";
import { TOAST_SWIPE_THRESHOLD_PX, toastActionOf } from "../../lib/toast";
import classes from "./SwipeableToast.module.css";
import { useT } from "../../i18n";

/** One toast. Follows a finger to the right and goes away once dragged past the threshold. */
export function SwipeableToast({ data }: { data: NotificationData }) {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const id = data.id ?? "";
  const dismiss = () => notifications.hide(id);
  const second = toastActionOf(id);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("button, a")) return; // taps on the actions stay taps
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current)); // right only
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const moved = event.clientX - start.current;
    start.current = null;
    if (moved > TOAST_SWIPE_THRESHOLD_PX) dismiss();
    else setOffset(0);
  };

  return (
    <div
      className={classes.swipe}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
      data-toast
      data-variant={data["data-variant"]}
      tabIndex={-1}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
    >
      <Notification
        title={data.title}
        color={data.color}
        withBorder
        onClose={dismiss}
        closeButtonProps={{ "aria-label": t("toast.dismiss") }}
      >
        <ToastBody
          message={data.message}
          action={
            data["data-upgrade"] || second ? (
              <>
                {data["data-upgrade"] ? (
                  <Button
                    component={ScreenLink}
                    to={paths.premium}
                    onClick={dismiss}
                    variant="light"
                    size="xs"
                  >
                    {t("toast.upgrade")}
                  </Button>
                ) : null}
                {second ? (
                  <Button
                    onClick={() => {
                      dismiss();
                      second.run();
                    }}
                    variant="light"
                    size="xs"
                  >
                    {second.label}
                  </Button>
                ) : null}
              </>
            ) : null
          }
        />
      </Notification>
    </div>
  );
}

/**
 * Every toast's body in one layout: the message as a block of its own, then the action (the premium toasts'
 * Upgrade) on a row of its own under it, at the message's start, however the message's last line wraps.
 */
function ToastBody({ message, action }: { message: ReactNode; action: ReactNode }) {
  return (
    <>
      {message ? <span className={classes.message}>{message}</span> : null}
      {action ? <span className={classes.action}>{action}</span> : null}
    </>
  );
}
