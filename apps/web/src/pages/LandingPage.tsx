import { Loader, Text } from "@mantine/core";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useT } from "../i18n";
import { paths } from "../lib/paths";

/** Where the wallet browser lands: straight on to Home (replace, so Back does not bounce here again). */
export function LandingPage() {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.home, { replace: true });
  }, [navigate]);
  return (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        gap: 16,
        padding: "96px 16px",
      }}
    >
      <Loader color="purple" aria-hidden />
      <Text>{t("landing.redirecting")}</Text>
    </div>
  );
}
