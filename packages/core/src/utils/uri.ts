/** Base URI of a document without `$id`: never fetched, only used to resolve relative refs. */
export const DEFAULT_BASE_URI = 'https://toolschema.invalid/schema.json';

/** A URI reference resolved against a base: the absolute URI of its resource and its fragment. */
export interface ResolvedUri {
  /** The absolute URI without fragment (and without a trailing empty `#`). */
  uri: string;
  /** The fragment, without `#`, still percent-encoded (`''` when there is none). */
  fragment: string;
}

/**
 * Resolves a URI reference (a `$ref` or an `$id`) against a base URI (RFC 3986) and splits it
 * into the resource's absolute URI and the fragment. The one normalization of resource URIs, so
 * that an `$id` and a `$ref` naming the same resource meet under the same key. Never fetches.
 *
 * @param reference The URI reference.
 * @param base The absolute base URI.
 * @returns The resource URI and the fragment, or `undefined` when `reference` is not a URI
 *   reference.
 */
export function resolveUri(reference: string, base: string): ResolvedUri | undefined {
  let url: URL;
  try {
    url = new URL(reference, base);
  } catch {
    return undefined;
  }
  const fragment = url.hash.slice(1);
  url.hash = '';
  const uri = url.href.endsWith('#') ? url.href.slice(0, -1) : url.href;
  return { uri, fragment };
}
