import { Button, Text } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../i18n";
import { useAuth } from "./AuthProvider";

/** Outside the Pi Browser, with no Pi SDK: why the wallet cannot be reached. */
export function PiBrowserNote({ mt }: { mt: number }) {
  const t = useT();
  return (
    <Text size="xs" c="dimmed" mt={mt}>
      {t("wallet.piBrowserNote")}
    </Text>
  );
}

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
export function SignInWithPi({ label, onSignedIn, fullWidth = false }: SignInWithPiProps) {
  const t = useT();
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
        {label ?? t("menu.signIn")}
      </Button>
      {needsPiBrowser && <PiBrowserNote mt={6} />}
    </div>
  );
}
