/**
 * How the partner API takes an API key, as its OpenAPI document declares it (the `partnerKey`
 * security scheme). The generator refuses any other kind, so the client never sends a key where the
 * server does not read it.
 */
export type PartnerKeyScheme =
  | { type: 'apiKey'; in: 'header'; name: string }
  | { type: 'http'; scheme: 'bearer' };

/** The scheme object of a document, when it is one the client can send; an error message otherwise. */
export function toKeyScheme(scheme: unknown): PartnerKeyScheme | string {
  const s = (scheme ?? {}) as Record<string, unknown>;
  if (s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string' && s.name)
    return { type: 'apiKey', in: 'header', name: s.name };
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer')
    return { type: 'http', scheme: 'bearer' };
  return `the client sends a key in a header or as a bearer token, not as ${JSON.stringify(scheme)}`;
}
