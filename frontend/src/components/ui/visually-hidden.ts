/**
 * Hidden on screen, read by screen readers. Sizes are strings on purpose: in `sx` a bare
 * `1` means 100%, and a 100%-wide absolutely positioned label made phones scroll sideways.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;
