import pkg from '../package.json' with { type: 'json' };

/** The service version, from package.json (semantic-version shaped, per the spec's Versioning). */
export const VERSION: string = pkg.version;
