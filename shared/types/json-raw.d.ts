// JSON.rawJSON and JSON.isRawJSON (ES2026 "JSON.parse source text access", in Node 22+), and the context
// a reviver receives, which TypeScript's es2024 lib does not declare yet.
interface RawJSON {
  readonly rawJSON: string;
}

interface JSON {
  /** A value that JSON.stringify writes as exactly this JSON text (a number, unrounded). */
  rawJSON(text: string): RawJSON;
  isRawJSON(value: unknown): value is RawJSON;
}
