import { defineConfig, type Plugin } from "vite";
import { CSP_HEADER, CSP_META } from "./csp.js";

/** The Content-Security-Policy as a <meta> tag of the built index.html (the dev server's HMR needs inline code). */
function cspMeta(): Plugin {
  return {
    name: "lightsout-csp-meta",
    apply: "build",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CSP_META }, injectTo: "head-prepend" },
    ],
  };
}

// Cross-origin isolation: SharedArrayBuffer, and with it the threaded
// elimination of @lightsout/core, exists only on pages served with these.
const isolation = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

export default defineConfig({
  // Relative URLs: the built app works from any path (preview, a file server, a sub-folder).
  base: "./",
  plugins: [cspMeta()],
  // The WASM bindings are ESM with top-level state; module workers keep that intact.
  worker: { format: "es" },
  build: { target: "es2022", reportCompressedSize: true },
  preview: {
    host: "127.0.0.1",
    port: 4173,
    strictPort: true,
    headers: { ...isolation, "Content-Security-Policy": CSP_HEADER, "X-Content-Type-Options": "nosniff" },
  },
  server: { host: "127.0.0.1", headers: isolation },
});
