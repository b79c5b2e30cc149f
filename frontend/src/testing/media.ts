/**
 * Makes MUI's `theme.breakpoints.down(...)` queries (`max-width`) match, as on a phone;
 * returns the function that restores the real matchMedia.
 */
export function emulatePhone(): () => void {
  const original = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => ({ ...original(query), matches: /max-width/.test(query) });
  return () => {
    window.matchMedia = original;
  };
}
