import type { Executor } from '../db/client';

/** An event of the app: what its announcer passes, and what each subscriber hands back to the announcer. */
export interface EventSpec {
  payload: unknown;
  result: unknown;
}

/** A subscriber: runs in the announcer's transaction and returns what the announcer needs back. */
export type Subscriber<Spec extends EventSpec> = (tx: Executor, payload: Spec['payload']) => Promise<Spec['result']>;

/**
 * The app's events as one typed map (DESIGN §17): the core announces an event inside its own transaction, without
 * importing the modules that hear it; each of those subscribes in its plugin when the app starts, under its module's
 * name, so whatever it writes commits or rolls back with the change that caused it. Subscribers run one after
 * another (one transaction is one connection), in the order they subscribed; the same subscriber subscribing again
 * (a second app in one process, as the tests build) changes nothing. `assertSubscribed` is the start-up check that
 * every event has the subscribers the app needs: a missing one stops the start instead of dropping what it would do.
 */
export interface EventMap<Events extends { [Name in keyof Events]: EventSpec }> {
  on<Name extends keyof Events & string>(name: Name, module: string, subscriber: Subscriber<Events[Name]>): void;
  announce<Name extends keyof Events & string>(
    tx: Executor,
    name: Name,
    payload: Events[Name]['payload'],
  ): Promise<Events[Name]['result'][]>;
  /** The modules subscribed to an event. */
  subscribersOf(name: keyof Events & string): string[];
  /** Throws, naming them, when events lack a subscriber the app needs. */
  assertSubscribed(needs: { readonly [Name in keyof Events & string]: readonly string[] }): void;
}

export function eventMap<Events extends { [Name in keyof Events]: EventSpec }>(): EventMap<Events> {
  const subscribers = new Map<string, Map<Subscriber<EventSpec>, string>>();
  const of = (name: string) => {
    let list = subscribers.get(name);
    if (!list) {
      list = new Map();
      subscribers.set(name, list);
    }
    return list;
  };
  return {
    on(name, module, subscriber) {
      of(name).set(subscriber as unknown as Subscriber<EventSpec>, module);
    },
    async announce(tx, name, payload) {
      const results = [];
      for (const subscriber of of(name).keys()) results.push(await subscriber(tx, payload));
      return results as never;
    },
    subscribersOf(name) {
      return [...new Set(of(name).values())];
    },
    assertSubscribed(needs) {
      const missing = (Object.entries(needs) as [string, readonly string[]][]).flatMap(([name, modules]) => {
        const subscribed = new Set(of(name).values());
        return modules.filter((module) => !subscribed.has(module)).map((module) => `${name} (${module})`);
      });
      if (missing.length > 0) {
        throw new Error(`events without the subscribers the app needs: ${missing.join(', ')}`);
      }
    },
  };
}
