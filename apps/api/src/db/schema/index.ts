export * from './profile';
export * from './reference';
export * from './users';
