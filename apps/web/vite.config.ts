import { defineConfig } from "vite";

// Cross-origin isolation: SharedArrayBuffer, and with it the threaded
// elimination of @lightsout/core, exists only on pages served with these.
const isolation = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

export default defineConfig({
  // Relative URLs: the built app works from any path (preview, a file server, a sub-folder).
  base: "./",
  // The WASM bindings are ESM with top-level state; module workers keep that intact.
  worker: { format: "es" },
  build: { target: "es2022", reportCompressedSize: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, headers: isolation },
  server: { host: "127.0.0.1", headers: isolation },
});
