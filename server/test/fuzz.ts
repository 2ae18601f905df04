import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { ErrorEnvelopeSchema } from '../../shared/api/error-envelope'

// The code points text rules trip on (issue 15): lone surrogates, zero-width and other
// invisible characters, Hangul fillers, the braille blank, tag characters, combining marks,
// joiners, skin tones and regional indicators, among a few ordinary ones.
const edgeCodePoint = fc.constantFrom(
  ...['\ud800', '\udbff', '\udc00', '\udfff', '\ud83c'],
  ...['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u034f'],
  ...['\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u{E0041}', '\u{E007F}'],
  ...['\u0301', '\u0308', '\u0e49', '\u094d', '\ufe0f', '\u20e3', '\u{1F3FD}'],
  ...['\u{1F1F3}', '\u{1F1F1}', '👨', '🎉', 'a', '1', '#', ' ', 'ễ', 'क'],
)

/** Text made of those code points, and single "characters" grown long by marks or joiners. */
export const edgeUnicodeText = () =>
  fc.oneof(
    fc.string({ unit: edgeCodePoint, maxLength: 24 }),
    fc
      .tuple(
        fc.constantFrom('a', '👨', 'क', ''),
        fc.constantFrom('\u0301', '\u200d👨', '\u0301\u200d', '\u094dक', '\u{E0041}'),
        fc.integer({ min: 1, max: 1600 }),
      )
      .map(([base, link, times]) => base + link.repeat(times)),
  )

/** Any text a thumb or an attacker could produce: full Unicode, controls, and the odd huge one. */
export const anyText = () =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 64 }),
    fc.string({ unit: 'grapheme', maxLength: 64 }),
    fc.constantFrom(
      '',
      ' ',
      '\u0000',
      '\u202E',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '💩'.repeat(30),
    ),
    fc.string({ minLength: 5000, maxLength: 70_000 }),
  )

/** Any JSON value, including wrong types where strings are expected. */
export const anyValue = () =>
  fc.oneof(
    anyText(),
    // Only in bodies: a URL or a header cannot even carry a lone surrogate.
    edgeUnicodeText(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  )

/** A body with the expected fields (each maybe missing or of any type), plus stray extra fields. */
export function bodyShaped(fields: string[]) {
  const entries = Object.fromEntries(fields.map((field) => [field, anyValue()]))
  return fc.oneof(
    fc.record(entries, { requiredKeys: [] }),
    fc.record({ ...entries, __proto__: anyValue(), extra: anyValue() }, { requiredKeys: [] }),
    anyValue(),
  )
}

/** The contract every bad request must keep: a 4xx (or a success), never a 5xx, in the envelope. */
export function expectHandled(response: LightMyRequestResponse, allowed: number[] = []) {
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500)
  if (response.statusCode >= 400 && !allowed.includes(response.statusCode)) {
    expect(
      ErrorEnvelopeSchema.safeParse(response.json()).success,
      response.body.slice(0, 300),
    ).toBe(true)
  }
}

/** Sends the body as JSON, or as a raw string when it is not an object. */
export function jsonRequest(
  method: InjectOptions['method'],
  url: string,
  body: unknown,
  headers = {},
): InjectOptions {
  return {
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body) ?? 'null',
  }
}

/** How many inputs each property tries; FC_SEED=<seed> replays a failure fast-check printed. */
export function fuzzRuns(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined
  return { numRuns, ...(seed === undefined ? {} : { seed }) }
}

/** A value as it could appear in a query string: text, numbers in odd spellings, the empty one. */
export const anyQueryValue = () =>
  fc.oneof(
    anyText().map((text) => text.slice(0, 400)),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom('', '0', '-1', '1e3', '0x10', 'NaN', 'Infinity', '1.5', ' 5', '100', '101'),
  )

/** A query string for `keys` (each maybe missing, repeated or joined by strays), with its `?`. */
export function anyQueryString(keys: string[]) {
  const key = fc.oneof(
    fc.constantFrom(...keys, '__proto__', 'constructor', `${keys[0]}[]`),
    anyText(),
  )
  const encoded = fc
    .array(fc.tuple(key, anyQueryValue()), { maxLength: 6 })
    .map((pairs) => `?${new URLSearchParams(pairs.map(([k, v]) => [k.slice(0, 200), v]))}`)
  // Strings no client library would build, sent as they are.
  const raw = fc.constantFrom(
    '?',
    '?&&&',
    `?${keys[0]}`,
    `?${keys[0]}=`,
    '?=1',
    '?%',
    '?%zz',
    '?%00=%00',
    `?${keys[0]}[a]=1`,
    `?${keys[0]}=1&${keys[0]}=2`,
    '?;;;',
    `?${'a'.repeat(5000)}=1`,
  )
  return fc.oneof(encoded, raw)
}

/** Header values a real client could send: visible ASCII and Latin-1, the odd huge one. */
export const anyHeaderValue = () =>
  fc.oneof(
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
    fc.string({ unit: fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)) }),
    fc.constantFrom('', ' ', '*', 'W/"x"', '"', 'null', 'Bearer', 'Bearer ', 'a'.repeat(8000)),
  )

/** A set of odd request headers (content negotiation, caching, proxies, ids, cookies). */
export const oddHeaders = () =>
  fc.record(
    {
      accept: anyHeaderValue(),
      'accept-encoding': anyHeaderValue(),
      'accept-language': anyHeaderValue(),
      'if-none-match': anyHeaderValue(),
      'if-modified-since': anyHeaderValue(),
      'x-request-id': anyHeaderValue(),
      'x-forwarded-for': anyHeaderValue(),
      'x-forwarded-proto': anyHeaderValue(),
      'x-forwarded-host': anyHeaderValue(),
      cookie: anyHeaderValue(),
      origin: anyHeaderValue(),
      range: anyHeaderValue(),
      'user-agent': anyHeaderValue(),
    },
    { requiredKeys: [] },
  )

/**
 * The contract for any answer: never a 5xx; a success only with a status the endpoint may give
 * and a body its schema accepts (`null` for no body); a 4xx in the error envelope, or in
 * `failure` where the endpoint speaks its own (the lineup's `{ success: false, error }`).
 */
export function expectValidAnswer(
  response: LightMyRequestResponse,
  successes: Record<number, { safeParse(value: unknown): { success: boolean } } | null>,
  failure: { safeParse(value: unknown): { success: boolean } } = ErrorEnvelopeSchema,
) {
  const status = response.statusCode
  const body = decodedBody(response)
  const excerpt = `${status} ${body.slice(0, 300)}`
  expect(status, excerpt).toBeLessThan(500)
  if (status >= 400) {
    expect(failure.safeParse(JSON.parse(body)).success, excerpt).toBe(true)
    return
  }
  expect(Object.keys(successes).map(Number), excerpt).toContain(status)
  const schema = successes[status]
  if (schema === null) expect(body, excerpt).toBe('')
  else expect(schema?.safeParse(JSON.parse(body)).success, excerpt).toBe(true)
}

/** The body as a client reads it: decoded from the encoding the server chose (the lineup's). */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString()
  expect(encoding, 'an encoding the server does not make').toBeUndefined()
  return response.body
}

/** Headers about how a body is sent: encodings the server does not decode, an expectation. */
export const oddBodyHeaders = () =>
  fc.record(
    {
      'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown', ''),
      'content-language': anyHeaderValue(),
      expect: fc.constantFrom('100-continue', 'x'),
    },
    { requiredKeys: [] },
  )

/** A body's label: JSON in odd spellings and charsets, other media types, or none at all. */
export const oddContentType = () =>
  fc.constantFrom(
    undefined,
    '',
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON ; Charset=UTF-8',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/json; charset=',
    'application/json;;;',
    'application/json, text/plain', // two Content-Type headers, as a client library joins them
    `application/json; ${'a=1; '.repeat(500)}`,
    'application/vnd.api+json',
    'application/jsonx',
    'text/json',
    'text/plain; charset=utf-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  )

const nested = (open: string, close: string, depth: number) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`

/**
 * A raw body built around `valid` (a body the endpoint would accept): the valid one as it is, with
 * a BOM or in UTF-16; JSON that is not an object; JSON nested thousands deep; huge numbers;
 * duplicate keys; broken JSON and bytes that are not UTF-8.
 */
export function oddJsonBody(valid: Record<string, unknown>) {
  const text = JSON.stringify(valid)
  const [firstKey = 'a'] = Object.keys(valid)
  return fc.oneof(
    // Often the valid body itself, so the odd labels and headers around it are what is tried.
    { arbitrary: fc.constant(text), weight: 2 },
    fc.constantFrom<string | Buffer>(
      `\uFEFF${text}`,
      Buffer.from(text, 'utf16le'),
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), // {"\xff\xfe":1}
      '',
      ' ',
      'null',
      'true',
      '0',
      '"a string"',
      `[${text}]`,
      `{"${firstKey}":${text}}`,
      nested('[', ']', 20_000),
      nested('{"a":', '}', 8_000),
      nested('{"__proto__":', '}', 3_000),
      `{"${firstKey}":1e400}`,
      `{"${firstKey}":-1e400}`,
      `{"${firstKey}":123456789012345678901234567890}`,
      `{"${firstKey}":${'9'.repeat(10_000)}}`,
      '1e999999',
      `${text.slice(0, -1)},"${firstKey}":{"nested":true}}`, // a duplicate key, last one wins
      `{"__proto__":{"isAdmin":true},${text.slice(1)}`,
      `{"constructor":{"prototype":{"isAdmin":true}},${text.slice(1)}`,
      `${text}trailing`,
      text.slice(0, -1),
      '{"a":NaN}',
      "{'a':1}",
    ),
    // The valid body with one field swapped for a value of any type.
    anyValue().map((value) => JSON.stringify({ ...valid, [firstKey]: value }) ?? 'null'),
  )
}
