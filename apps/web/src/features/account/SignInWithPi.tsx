import { Button, Text } from "@mantine/core";
import { useState } from "react";
import { useAuth } from "./AuthProvider";

export const PI_BROWSER_NOTE =
  "Authentication requires the Pi Browser. Open PurpleBeats in the Pi Browser to sign in.";

export interface SignInWithPiProps {
  label?: string;
  /** Called after a successful sign-in. */
  onSignedIn?: () => void;
  fullWidth?: boolean;
}

/**
 * Wallet sign-in for guests (SPEC.md section 4): the button, and outside the Pi Browser with no Pi SDK,
 * the note that authentication needs it.
 */
export function SignInWithPi({
  label = "Sign in with Pi",
  onSignedIn,
  fullWidth = false,
}: SignInWithPiProps) {
  const { signInWithPi, needsPiBrowser } = useAuth();
  const [pending, setPending] = useState(false);
  const signIn = async () => {
    setPending(true);
    try {
      if (await signInWithPi()) onSignedIn?.();
    } finally {
      setPending(false);
    }
  };
  return (
    <div>
      <Button onClick={() => void signIn()} loading={pending} fullWidth={fullWidth} data-testid="pi-sign-in">
        {label}
      </Button>
      {needsPiBrowser && (
        <Text size="xs" c="dimmed" mt={6}>
          {PI_BROWSER_NOTE}
        </Text>
      )}
    </div>
  );
}
