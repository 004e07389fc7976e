import type { Config } from "@react-router/dev/config";

export default {
  // Every public page is complete HTML from the server: visitors without scripts get it all.
  ssr: true,
  future: {
    // The admin layout guards every admin loader and action with one middleware.
    v8_middleware: true,
  },
} satisfies Config;
