import { defineConfig } from "vite";

export default defineConfig({
  // Relative URLs: the built app works from any path (preview, a file server, a sub-folder).
  base: "./",
  // The WASM bindings are ESM with top-level state; module workers keep that intact.
  worker: { format: "es" },
  build: { target: "es2022", reportCompressedSize: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  server: { host: "127.0.0.1" },
});
