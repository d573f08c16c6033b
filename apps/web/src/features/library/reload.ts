/** Reloads the page (after a playlist is created, SPEC.md section 4). A module of its own, so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
