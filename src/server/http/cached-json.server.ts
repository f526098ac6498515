import { chooseEncoding, encodeBody, encodedEtag } from './content-encoding.server'

/** A JSON body ready to send and its identity ETag (quoted). */
export type CachedJson = { body: Uint8Array<ArrayBuffer>; etag: string }

/**
 * The answer to a revalidated read of private JSON: 304 with no body when the
 * client's copy is current, else the body. `compress` only for a body a cache
 * keeps, since each body is compressed once and the copy lives with it; the
 * ETag then names the encoding. `no-cache` makes every use a revalidation.
 */
export function cachedJsonResponse(
  request: Request,
  json: CachedJson,
  { compress = false }: { compress?: boolean } = {},
): Response {
  const encoding = compress ? chooseEncoding(request, json.body) : null
  const etag = encodedEtag(json.etag, encoding)
  const headers = {
    etag,
    'cache-control': 'private, no-cache',
    vary: compress ? 'cookie, accept-encoding' : 'cookie',
  }
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers })
  }
  const body = encoding ? encodeBody(json.body, encoding) : json.body
  return new Response(body, {
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.byteLength),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    },
  })
}
