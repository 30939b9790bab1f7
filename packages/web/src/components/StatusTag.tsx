import { Tag, type TagProps, theme } from 'antd';

/** The tones a status can take: antd's status presets, and a plain tag for "nothing to report". */
export type StatusTone = 'success' | 'warning' | 'error' | 'default';

/**
 * A tag in a status colour that can be read: the preset's pale background and border, with text a
 * darker shade of the same palette. The presets' own text reaches only 2.2 (success), 1.8 (warning)
 * and 3.0:1 (error) on their backgrounds, and their "text active" tokens 3.4, 2.8 and 4.2; these
 * shades reach 5.4 (green 8), 6.5 (gold 9) and 7.0:1 (red 8), above WCAG AA's 4.5 (e2e/a11y.test.ts).
 */
export function StatusTag({ tone, style, ...tag }: { tone: StatusTone } & Omit<TagProps, 'color'>) {
  const { token } = theme.useToken();
  const text = { success: token.green8, warning: token.gold9, error: token.red8, default: undefined }[tone];
  return <Tag color={tone} style={{ ...style, color: text }} {...tag} />;
}
