/**
 * The maps of an API Gateway event (headers, query and path parameters) as events built in process (the
 * local server, MCP's route calls) fill them: plain objects with own entries, as Lambda's JSON.parse
 * gives them. A null-prototype object would be a dictionary to V8, slower to read and to copy; a plain
 * one needs its entries set as data properties, so that a client's name such as `__proto__` stays an
 * entry and never becomes the map's prototype.
 */

/**
 * Sets `map[name]` as an own data property, whatever the name.
 * @example const query = {}; setOwn(query, '__proto__', 'x'); Object.keys(query) // ['__proto__']
 */
export function setOwn<T>(map: Record<string, T>, name: string, value: T): void {
  if (name === '__proto__')
    Object.defineProperty(map, name, { value, enumerable: true, writable: true, configurable: true });
  else map[name] = value;
}

/**
 * Adds a value to a name's list, the name's first value starting its own list (never an inherited one).
 * @example const multi = {}; addTo(multi, 'constructor', 'a'); addTo(multi, 'constructor', 'b') // { constructor: ['a', 'b'] }
 */
export function addTo(map: Record<string, string[]>, name: string, value: string): void {
  if (Object.hasOwn(map, name)) map[name]!.push(value);
  else setOwn(map, name, [value]);
}
