import classes from "./LegalPage.module.css";

/** Where the notice will live once written; until then the link points back at this page. */
const LEGAL_NOTICE_URL = "/legal";

/** SPEC.md section 2: the page is one plain 'Legal Notice' link; the notice's content is not specified yet. */
export function LegalPage() {
  return (
    <div className={classes.page}>
      <a className={classes.link} href={LEGAL_NOTICE_URL}>
        Legal Notice
      </a>
    </div>
  );
}
