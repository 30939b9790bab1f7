import { type CallDeclaration, openApiCalls, type SchemaName, schemaNamed } from '@sunstack/shared';
import { z } from 'zod';
import { OPEN_API_EXAMPLES } from './examples.ts';

const jsonSchema = (name: SchemaName, io: 'input' | 'output') =>
  z.toJSONSchema(schemaNamed(name), { io, target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;

const signedHeaders = [
  { name: 'token', in: 'header', required: true, schema: { type: 'string' }, description: 'The API key (user center → API management).' },
  { name: 'timestamp', in: 'header', required: true, schema: { type: 'string', example: '1767225600000' }, description: 'Now, in ms.' },
  {
    name: 'signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Lowercase hex md5 of path + "\\r\\n" + token + "\\r\\n" + timestamp, the separators being the four characters \\ r \\ n.',
  },
  { name: 'lang', in: 'header', required: false, schema: { type: 'string', example: 'en' }, description: 'Language of `msg`.' },
];

function operation(call: CallDeclaration) {
  const example = OPEN_API_EXAMPLES[call.path];
  const answer = typeof call.answer === 'string' && call.answer !== 'file' && call.answer !== 'stream' ? call.answer : undefined;
  const envelope = {
    type: 'object',
    properties: { errno: { type: 'integer' }, msg: { type: 'string' }, result: answer ? jsonSchema(answer, 'output') : {} },
    required: ['errno', 'msg', 'result'],
  };
  const query = call.query ? (jsonSchema(call.query, 'input').properties as Record<string, object>) : {};
  return {
    tags: [call.tag],
    summary: call.summary,
    parameters: [
      ...signedHeaders,
      ...Object.entries(query).map(([name, schema]) => ({ name, in: 'query', required: true, schema, example: example?.query?.[name] })),
    ],
    ...(call.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(call.body, 'input'), example: example?.body } },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'Always HTTP 200: errno 0 and msg "success", or an errno and its message (result null)',
        content: { 'application/json': { schema: envelope, example: { errno: 0, msg: 'success', result: example?.result ?? null } } },
      },
    },
  };
}

/** The Open API's own OpenAPI document (/op/docs), from the calls' declarations and the examples. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of Object.values(openApiCalls) as CallDeclaration[]) {
    paths[call.path] = { ...paths[call.path], [call.method.toLowerCase()]: operation(call) };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Sunstack Open API',
      version: '1',
      description: [
        'Compatible with the FoxESS Cloud Open API: its clients (foxesscloud, foxess-ha, batpred) work unmodified when pointed at this address.',
        'Every call sends the headers token, timestamp and signature. Every answer is HTTP 200 with {errno, msg, result}; errno 0 and msg "success" on success.',
        'Errnos: 40256 a header missing or wrong (signature, timestamp more than 5 minutes off), 40257 invalid body, 40261 wrong device or one outside the key’s scope,',
        '40300 a device the key may only read, 40400 too frequent or over the daily quota (Retry-After and RateLimit headers), 41200 the device did not answer a read,',
        '41808 revoked key, 41809 unknown key, 41981 the device refused a write, 41982 it did not answer in time, 42023 scheduler periods overlap,',
        '44096 settings locked while a schedule is enabled. GET /c/v0/errors/message (unsigned) lists every errno’s message in 12 languages.',
        'Each account has a daily quota (1,440 calls unless an administrator sets another, UTC days) and at most 10 calls a second; every call counts, failed ones too.',
      ].join(' '),
    },
    paths,
  };
}
