import { stringify } from 'yaml';

export const CONFIG_FORMATS = ['json', 'yaml'] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

export interface ConfigText {
  text: string;
  language: ConfigFormat;
  /** Whether the content is a structure that can be shown as JSON or YAML (not stored text). */
  switchable: boolean;
}

/**
 * The config as code: a structure as indented JSON or YAML; content scraped as text (XML, plain
 * text: stored as a JSON string, spec'd by the item's format) as it is.
 */
export function configText(config: unknown, format: ConfigFormat): ConfigText {
  if (config === null || config === undefined) return { text: '', language: format, switchable: false };
  if (typeof config === 'string') return { text: config, language: 'yaml', switchable: false };
  if (format === 'yaml') return { text: stringify(config, { indent: 2, lineWidth: 0 }), language: 'yaml', switchable: true };
  return { text: JSON.stringify(config, null, 2), language: 'json', switchable: true };
}
