/** The style guide's public sections, in the order the index lists them. */
export const UIKIT_SECTIONS = [
  'input',
  'button',
  'table',
  'list',
  'tree',
  'panel',
  'overlay',
  'media',
  'message',
  'file',
  'menu',
  'charts',
  'misc',
  'timeline',
] as const;

export type UikitSection = (typeof UIKIT_SECTIONS)[number];
