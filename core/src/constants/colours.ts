/** Colour names used by status rules; the web app maps them onto its palette. */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'gray'] as const;
export type Colour = (typeof COLOURS)[number];
