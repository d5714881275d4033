/** The largest request body the server reads, in bytes, unless a route or an API sets its own (DESIGN §2). */
export const requestBodyLimit = 1024 * 1024;

/**
 * A request carrying one evidence file of 5 MB as a data URL (base64: a third more) and its fields, with room to
 * spare: a file a little over 5 MB is answered by its own message, and only a far larger request by "too large".
 */
export const evidenceBodyLimit = 10 * 1024 * 1024;
