/**
 * A schema built the first time it is used, in a browser; at once everywhere else.
 *
 * zod builds a schema when its definition runs, and the contract defines some six hundred at the top of its modules:
 * a screen that imports one of them ran all of its chunk's (users, terminals, disputes… for /active's orders), ~0.1 s
 * of a phone's start, 0.4 s under Lighthouse's 4× slowdown. In a browser the contract's top-level schemas are
 * therefore proxies that build theirs on first touch (a parse, a field, a composition into another schema). The
 * server and the tests in Node get the schema itself: there a process builds them once, and identity matters to
 * zod's registry (the OpenAPI document's `$ref`s follow `.meta({ id })` by the schema object).
 *
 * The proxy forwards every operation to the built schema, its prototype included (`instanceof` holds); the only
 * difference a caller can see is identity (`proxy !== built`), which the web never compares.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  if (!('window' in globalThis)) return build();
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // A proxy may not report a property its (empty) target lacks as non-configurable.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

const builtSchemas = new WeakSet<object>();

/**
 * Builds `schema` and every schema it is made of, now: a caller with a moment before its first parse (a request on its
 * way) takes the building out of the task that parses the answer (/active's order list: ~60 ms of a phone's CPU under
 * Lighthouse's 4× slowdown, in the task that also rendered the list). Outside a browser everything is built already
 * and this only walks it.
 */
export function buildSchema(schema: object): void {
  // A list asks again and again (refetches, pages): its schema is walked once.
  if (builtSchemas.has(schema)) return;
  builtSchemas.add(schema);
  const seen = new Set<object>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const def: unknown = (next as { _zod?: { def?: unknown } })._zod?.def;
    if (typeof def !== 'object' || def === null) continue;
    for (const [key, value] of Object.entries(def)) {
      if (Array.isArray(value)) pending.push(...value);
      else if (key === 'shape' && typeof value === 'object' && value !== null) {
        for (const field of Object.values(Object.getOwnPropertyDescriptors(value))) pending.push(field.value);
      } else pending.push(value);
    }
  }
}
