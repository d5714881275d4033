import rootPackage from '../../../package.json';

/**
 * Paydesk's version: one for the whole repository, the root package.json's (every workspace keeps the same one, and
 * CHANGELOG.md says what each changed). The build bundles it, so a built server names the version it was built from.
 */
export const paydeskVersion: string = rootPackage.version;
