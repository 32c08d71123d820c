import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/lib/precompress.ts";

export default defineConfig({
  // The server bundle's entry is our Express app, which imports the React Router build.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
