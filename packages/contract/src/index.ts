export * from './access';
export * from './money';
export * from './session';
export * from './settings';
export * from './users';
export * from './wire';
