export { createKeyedClient, createPartnerClient, keyHeader, type PartnerClientOptions } from './client';
export { contentOf, PartnerApiError } from './content-of';
export type { components, operations, paths } from './generated/partner-api';
export type { PartnerKeyScheme } from './key-scheme';
