import { z } from "zod";

// zod compiles fast parsers with `new Function` when it may; to find out, it tries once,
// which the pages' Content-Security-Policy (no 'unsafe-eval') reports as a violation.
// Schemas are small here: the plain parser is plenty.
z.config({ jitless: true });

export { z };
