import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { partnerKeyScheme, type paths } from './generated/partner-api';
import type { PartnerKeyScheme } from './key-scheme';

export interface PartnerClientOptions extends Omit<ClientOptions, 'baseUrl' | 'headers'> {
  /** Where the exchange is, e.g. https://vaultline.example (the paths carry their /api/v1 prefix). */
  baseUrl: string;
  /** The partner's API key, sent on every call as the document's key scheme says. */
  apiKey: string;
  /** More headers for every call. */
  headers?: Record<string, string>;
}

/** The header that carries a key under a scheme. */
export function keyHeader(scheme: PartnerKeyScheme, apiKey: string): [name: string, value: string] {
  return scheme.type === 'apiKey' ? [scheme.name, apiKey] : ['authorization', `Bearer ${apiKey}`];
}

/**
 * A typed client of some paths that sends the key as `scheme` says. createPartnerClient is this with
 * the partner API's generated paths and scheme; tests give their own.
 */
export function createKeyedClient<Paths extends {}>(
  scheme: PartnerKeyScheme | null,
  { apiKey, headers, ...options }: PartnerClientOptions,
): Client<Paths> {
  if (!scheme)
    throw new Error(
      'The partner API document declares no key scheme yet: regenerate the client once it does',
    );
  if (!apiKey) throw new Error('An API key is needed');
  const [name, value] = keyHeader(scheme, apiKey);
  return createClient<Paths>({ ...options, headers: { ...headers, [name]: value } });
}

/**
 * The partner API's client: `client.GET('/api/v1/…', { params })`, `client.POST(…, { body })`, each
 * typed from the API's OpenAPI document. Answers are the envelope; `contentOf` unwraps one.
 */
export function createPartnerClient(options: PartnerClientOptions): Client<paths> {
  return createKeyedClient<paths>(partnerKeyScheme, options);
}
