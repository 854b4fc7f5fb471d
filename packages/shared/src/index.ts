export * from './auth';
export * from './common';
export * from './content';
export * from './enums';
export * from './envelope';
export * from './mail';
