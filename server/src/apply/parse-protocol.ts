import type { PlainDocuments } from './documents.js';

/** What the main thread asks the parse worker, and what it answers. */
export interface ParseRequest {
  id: number;
  text: string;
}

export type ParseAnswer = { id: number; ok: true; value: PlainDocuments } | { id: number; ok: false; error: string };
