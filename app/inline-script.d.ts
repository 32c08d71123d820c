// Modules imported with ?inline-script (scripts/lib/inline-script.ts): their
// one function's minified source.
declare module "*?inline-script" {
  const source: string;
  export default source;
}
