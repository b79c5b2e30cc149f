export * from './types';
export * from './token';
export * from './token-storage';
export * from './guard';
export * from './use-session';
