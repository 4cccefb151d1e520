// The maps of events built in process (shared/http/event-maps.ts): plain objects whose entries are own data
// properties, whatever a client names them, as Lambda's JSON.parse of an API Gateway event gives them.
import { describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { addTo, setOwn } from '../../shared/http/event-maps.ts';
import { routeEvent } from '../../shared/mcp/invoke.ts';
import { routes } from '../../shared/routes/index.ts';

describe('event maps', () => {
  it('sets __proto__ as an entry, not as the prototype', () => {
    // Act
    const map: Record<string, string> = {};
    setOwn(map, '__proto__', 'x');
    setOwn(map, 'a', 'b');
    // Assess: what JSON.parse gives for the same text
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(map, '__proto__')).toEqual({
      value: 'x',
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(JSON.stringify(map)).toBe('{"__proto__":"x","a":"b"}');
    expect(map).toEqual(JSON.parse('{"__proto__":"x","a":"b"}'));
  });

  it("starts a name's own list, never pushing onto an inherited value", () => {
    const multi: Record<string, string[]> = {};
    for (const [name, value] of [
      ['constructor', 'a'],
      ['__proto__', 'b'],
      ['constructor', 'c'],
      ['toString', 'd'],
    ] as const)
      addTo(multi, name, value);
    expect(JSON.stringify(multi)).toBe('{"constructor":["a","c"],"__proto__":["b"],"toString":["d"]}');
    expect(Object.prototype.toString).toBeInstanceOf(Function);
    expect(Object.getPrototypeOf(multi)).toBe(Object.prototype);
  });

  it("fills an MCP route call's event with own entries of plain maps", () => {
    // Prepare: an MCP request's event and a route call with odd argument names.
    const outer = {
      path: '/mcp',
      headers: { 'x-api-key': 'k' },
      requestContext: { path: '/mcp' },
      stageVariables: null,
    } as unknown as APIGatewayProxyEvent;
    // Act
    const event = routeEvent(
      outer,
      routes.mapsReviews,
      JSON.parse('{"data_id":"x","__proto__":"p","constructor":"c"}'),
    );
    // Assess
    for (const map of [event.queryStringParameters!, event.multiValueQueryStringParameters!])
      expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(JSON.stringify(event.queryStringParameters)).toBe(
      '{"data_id":"x","__proto__":"p","constructor":"c"}',
    );
    expect(JSON.stringify(event.multiValueQueryStringParameters)).toBe(
      '{"data_id":["x"],"__proto__":["p"],"constructor":["c"]}',
    );
  });
});
