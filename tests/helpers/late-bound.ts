/** A test file's resource that is made in beforeAll but named at the top of the file. */

/**
 * A stand-in for what `current()` gives once a hook has made it: its properties read (and its methods
 * called) on the real one; read before, it throws.
 * @example const api = lateBound(() => server, 'the test server starts in beforeAll: use it inside a test');
 */
export function lateBound<T extends object>(current: () => T | undefined, notYet: string): T {
  return new Proxy({} as T, {
    get(_, name) {
      const target = current();
      if (!target) throw new Error(notYet);
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
