// The app's Content-Security-Policy, one string for the built index.html
// (a <meta> tag) and for `vite preview` (a response header, which can also
// forbid framing). Everything comes from the app's own origin; WebAssembly
// needs 'wasm-unsafe-eval' to compile; workers are module scripts of the
// origin; the favicon is a data: URL; no inline script or style at all.

/** The policy's directives shared by the header and the meta tag. */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** For the meta tag (frame-ancestors is ignored there). */
export const CSP_META = CSP_DIRECTIVES.join("; ");

/** For the response header. */
export const CSP_HEADER = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join("; ");
