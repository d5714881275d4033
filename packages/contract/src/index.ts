export * from './access';
export * from './amounts';
export * from './money';
export * from './session';
export * from './settings';
export * from './users';
export * from './wallet';
export * from './wire';
