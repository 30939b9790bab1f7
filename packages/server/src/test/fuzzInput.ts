import fc from 'fast-check';
import type { z } from 'zod';

/** Starts every string the fuzz suite sends, so logs and answers can be searched for the input. */
export const FUZZ_MARK = 'FUZZ';

/** Text PostgreSQL cannot store: U+0000 and lone UTF-16 surrogates (high, low, and a low before a high). */
export const UNSTORABLE_SAMPLES = [`${FUZZ_MARK}\u0000x`, `${FUZZ_MARK}\ud800`, `${FUZZ_MARK}\udc00x`, `${FUZZ_MARK}\udc00\ud800`];

/** A JSON body nested this deep: far beyond any schema, small enough for the body limit. */
const DEEP_LEVELS = 50_000;
const HUGE_STRING_CHARS = 200_000;
const HUGE_ARRAY_LENGTH = 20_000;
/** Nested objects in place of a field (JSON.stringify recurses, so less deep than a raw body). */
const DEEP_VALUE = Array.from({ length: 2_000 }).reduce<unknown>((inner) => ({ [FUZZ_MARK]: inner }), FUZZ_MARK);

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Chooses among options: the first (the richest: optional fields present, the first union member)
 * on the first attempt, at random with a seeded generator on later ones.
 */
type Pick = <T>(options: readonly T[]) => T;

function seededPick(seed: number): Pick {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return (options) => options[seed === 0 ? 0 : Math.floor(next() * options.length)] as (typeof options)[number];
}

const OMIT = Symbol('omit');

/** Plausible strings for fields with a rule a generated string cannot guess (a time zone, a currency). */
const KNOWN_STRINGS = [
  'Europe/Berlin',
  'DE',
  'EUR',
  '2024-05-01',
  'fuzz@example.test',
  'https://example.test/hook',
  '00000000-0000-4000-8000-000000000000',
];

function stringCandidates(schema: z.ZodType): string[] {
  const checks = ((defOf(schema).checks ?? []) as unknown[]).map(defOf) as Def[];
  const min = Math.max(0, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum as number));
  const fromPatterns = checks
    .filter((c) => c.check === 'string_format' && c.pattern instanceof RegExp)
    .flatMap((c) => fc.sample(fc.stringMatching(c.pattern as RegExp), { numRuns: 5, seed: 7 }));
  return [FUZZ_MARK.toLowerCase().padEnd(min, 'z'), ...fromPatterns, ...KNOWN_STRINGS].filter((s) => schema.safeParse(s).success);
}

function numberCandidates(schema: z.ZodType): number[] {
  const checks = ((defOf(schema).checks ?? []) as unknown[]).map(defOf) as Def[];
  const bounds = checks.filter((c) => c.check === 'greater_than' || c.check === 'less_than').map((c) => c.value as number);
  const now = Date.now();
  const values = [1, ...bounds, ...bounds.map((b) => b + 1), 0, 10, 20, 50, 2024, now - 3_600_000, now];
  return values.filter((n) => schema.safeParse(n).success);
}

/** A value for `schema`, built from its definition; may be invalid where refinements tie fields together. */
function sampleOf(schema: z.ZodType, pick: Pick): unknown {
  const def = defOf(schema);
  const inner = (key: string) => sampleOf(def[key] as z.ZodType, pick);
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, sampleOf(field, pick)]);
      return Object.fromEntries(entries.filter(([, value]) => value !== OMIT));
    }
    case 'optional':
      return pick([true, false]) ? inner('innerType') : OMIT;
    case 'nullable':
      return pick([true, false]) ? inner('innerType') : null;
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'union':
      return sampleOf(pick(def.options as z.ZodType[]), pick);
    case 'enum':
      return pick(Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return pick(def.values as unknown[]);
    case 'boolean':
      return pick([true, false]);
    case 'string': {
      const candidates = stringCandidates(schema);
      return candidates.length > 0 ? pick(candidates) : FUZZ_MARK.toLowerCase();
    }
    case 'number': {
      const candidates = numberCandidates(schema);
      return candidates.length > 0 ? pick(candidates) : 1;
    }
    case 'array': {
      const checks = ((def.checks ?? []) as unknown[]).map(defOf) as Def[];
      const length = Math.max(1, ...checks.filter((c) => c.check === 'min_length').map((c) => c.minimum as number));
      return Array.from({ length }, () => inner('element'));
    }
    case 'record':
      return { [FUZZ_MARK.toLowerCase()]: inner('valueType') };
    default:
      return FUZZ_MARK.toLowerCase();
  }
}

/** A value the schema accepts, found within a few hundred seeded attempts, or undefined. */
export function validSampleOf(schema: z.ZodType): unknown {
  for (let seed = 0; seed < 300; seed += 1) {
    const value = sampleOf(schema, seededPick(seed));
    if (value !== OMIT && schema.safeParse(value).success) return value;
  }
  return undefined;
}

type Path = (string | number)[];

/** Every position in a JSON value, the root included, with what is there. */
function positionsOf(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const here = { path, value };
  if (Array.isArray(value)) return [here, ...value.flatMap((item, index) => positionsOf(item, [...path, index]))];
  if (typeof value === 'object' && value !== null) {
    return [here, ...Object.entries(value).flatMap(([key, item]) => positionsOf(item, [...path, key]))];
  }
  return [here];
}

function replaced(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = value;
  return copy;
}

/** What replaces a value of each kind: text the database cannot store, other types, sizes no form sends. */
function badValuesFor(value: unknown): unknown[] {
  const wrongTypes = [null, 12345, FUZZ_MARK, [FUZZ_MARK], { [FUZZ_MARK]: 1 }, true, DEEP_VALUE];
  if (typeof value === 'string') return [...UNSTORABLE_SAMPLES, FUZZ_MARK + 'x'.repeat(HUGE_STRING_CHARS), ...wrongTypes];
  if (typeof value === 'number') return [1e308, -1e308, 1.5, -1, 2 ** 63, Number.MAX_SAFE_INTEGER, ...wrongTypes];
  if (Array.isArray(value)) {
    return [Array.from({ length: HUGE_ARRAY_LENGTH }, () => value[0] ?? FUZZ_MARK), UNSTORABLE_SAMPLES, ...wrongTypes];
  }
  if (typeof value === 'object' && value !== null) {
    const withUnstorableKeys = Object.fromEntries(UNSTORABLE_SAMPLES.map((key) => [key, key]));
    return [{ ...value, ...withUnstorableKeys }, ...wrongTypes];
  }
  return wrongTypes;
}

export interface BadInput {
  /** Where and what, for the failure message. */
  label: string;
  value: unknown;
}

/** Each position of a valid value replaced in turn by each bad value for its kind. */
export function badVariantsOf(valid: unknown): BadInput[] {
  return positionsOf(valid).flatMap(({ path, value }) =>
    badValuesFor(value).map((bad) => ({ label: `${path.join('.') || '(root)'} = ${describe(bad)}`, value: replaced(valid, path, bad) })),
  );
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/** Query strings: every parameter replaced by percent-encoded bad text, repeated, or joined by unknown ones. */
export function badQueriesOf(valid: Record<string, unknown>): BadInput[] {
  const encode = (params: [string, string][]) => params.map(([key, value]) => `${key}=${value}`).join('&');
  const params = Object.entries(valid).map(([key, value]) => [key, encodeURIComponent(String(value))] as [string, string]);
  // A lone surrogate has no UTF-8 form: %ED%A0%80 is its CESU-8 bytes, %C0%80 an overlong NUL.
  const badTexts = ['%00', `${FUZZ_MARK}%00`, `${FUZZ_MARK}%ED%A0%80`, '%C0%80', '%FF', '%', FUZZ_MARK.repeat(50_000), `${FUZZ_MARK}[]`];
  const variants = params.flatMap(([key], index) => [
    ...badTexts.map((bad) => ({
      label: `${key}=${bad.slice(0, 30)}`,
      value: encode(params.map((p, i) => (i === index ? [key, bad] : p))),
    })),
    { label: `${key} twice`, value: encode([...params, params[index] as [string, string]]) },
  ]);
  return [
    ...variants,
    { label: 'unknown parameter', value: encode([...params, [`${FUZZ_MARK}%00`, `${FUZZ_MARK}%00`]]) },
    { label: 'no parameters', value: '' },
  ];
}

/** Bodies that are not the JSON object a call expects, whatever the call. */
export const BAD_BODIES: BadInput[] = [
  { label: 'null', value: null },
  { label: 'array', value: [] },
  { label: 'number', value: 42 },
  { label: 'string', value: `${FUZZ_MARK}\u0000` },
  { label: 'object with unstorable keys', value: Object.fromEntries(UNSTORABLE_SAMPLES.map((key) => [key, key])) },
];

/**
 * Raw bodies with their content type: malformed, mislabelled, nested beyond reason. `refusedByParser`:
 * refused before any handler runs, so safe to send even to a call that reads no body (sign-out).
 */
export const BAD_RAW_BODIES: { label: string; contentType: string | undefined; payload: string | Buffer; refusedByParser?: true }[] = [
  { label: 'xml', contentType: 'application/xml', payload: `<a>${FUZZ_MARK}</a>`, refusedByParser: true },
  { label: 'json, utf-16 charset', contentType: 'application/json; charset=utf-16', payload: `{"a":"${FUZZ_MARK}"}` },
  { label: 'malformed json', contentType: 'application/json', payload: `{"${FUZZ_MARK}":`, refusedByParser: true },
  { label: 'empty json', contentType: 'application/json', payload: '', refusedByParser: true },
  { label: 'text/plain', contentType: 'text/plain', payload: `${FUZZ_MARK}\u0000` },
  { label: 'form', contentType: 'application/x-www-form-urlencoded', payload: `a=${FUZZ_MARK}%00` },
  { label: 'multipart junk', contentType: 'multipart/form-data; boundary=x', payload: `--x\r\n${FUZZ_MARK}\r\n--x--` },
  { label: 'no content type', contentType: undefined, payload: `{"a":"${FUZZ_MARK}"}` },
  { label: 'json with a raw NUL', contentType: 'application/json', payload: `{"a":"${FUZZ_MARK}\u0000"}` },
  // A surrogate's bytes (CESU-8) where UTF-8 is due.
  { label: 'json, invalid utf-8', contentType: 'application/json', payload: Buffer.from(`{"a":"${FUZZ_MARK}\xed\xa0\x80"}`, 'latin1') },
  {
    label: 'json, prototype keys',
    contentType: 'application/json',
    payload: `{"__proto__":{"${FUZZ_MARK}":1},"constructor":{"prototype":{}}}`,
  },
  { label: 'deeply nested json', contentType: 'application/json', payload: `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}` },
  { label: 'deeply nested arrays', contentType: 'application/json', payload: `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}` },
];
