export * from './access';
export * from './money';
export * from './session';
export * from './users';
export * from './wire';
