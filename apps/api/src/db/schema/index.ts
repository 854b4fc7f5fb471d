export * from './content';
export * from './convert';
export * from './funding';
export * from './ledger';
export * from './prices';
export * from './profile';
export * from './reference';
export * from './users';
