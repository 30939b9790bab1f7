import { z } from 'zod';

/**
 * Text PostgreSQL cannot store, in `text` or in `jsonb`: U+0000, and a UTF-16 surrogate without its
 * pair (JSON carries both as `\u` escapes; a driver sends a lone surrogate as U+FFFD, so it would not
 * even fail: it would store something else than was sent).
 */
const UNSTORABLE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string) => !UNSTORABLE_TEXT.test(text);

/** The message of such text: a translation key like every field rule's. */
export const UNSTORABLE_TEXT_MESSAGE = 'validation.textUnstorable';

type Path = (string | number)[];
/** A position in the value: its key and the position holding it (paths are built only for what is found). */
type Position = { key: string | number; parent: Position } | null;

const pathOf = (position: Position): Path => {
  const path: Path = [];
  for (let at = position; at !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Where a parsed JSON value (a body, a query) holds unstorable text: each string that does, and each
 * object with a key that does (the object's own path, so the answer does not echo the key), at most
 * `limit` of them. Walked without recursion and in linear time: nesting is the sender's choice.
 */
export function unstorableTextPaths(value: unknown, limit = 10): Path[] {
  const found: Path[] = [];
  const pending: { value: unknown; position: Position }[] = [{ value, position: null }];
  while (pending.length > 0 && found.length < limit) {
    const { value: item, position } = pending.pop() as { value: unknown; position: Position };
    if (typeof item === 'string') {
      if (!isStorableText(item)) found.push(pathOf(position));
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        pending.push({ value: item[index], position: { key: index, parent: position } });
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item);
      if (keys.some((key) => !isStorableText(key))) found.push(pathOf(position));
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        pending.push({ value: (item as Record<string, unknown>)[key], position: { key, parent: position } });
      }
    }
  }
  return found;
}

/**
 * Any input whose every string and key PostgreSQL can store; the server puts it in front of every
 * call's body, query and parameters (one check, so no field and no new call can miss it).
 */
export const storableInput = z.unknown().superRefine((value, context) => {
  for (const path of unstorableTextPaths(value)) context.addIssue({ code: 'custom', path, message: UNSTORABLE_TEXT_MESSAGE });
});
