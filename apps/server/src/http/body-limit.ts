/** The largest request body the server reads, in bytes, unless a route or an API sets its own (DESIGN §2). */
export const requestBodyLimit = 1024 * 1024;
