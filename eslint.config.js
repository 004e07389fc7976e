import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Files matching `files` may not import from the named app folders (nor, with serverCode, any *.server module). */
function layerRule(
  files,
  forbidden,
  message,
  { allowTypeImports = false, serverCode = false, ignores = [], also = [] } = {},
) {
  const patterns = [
    ...(forbidden.length
      ? [{ regex: `^(~|\\.{1,2})/(.*/)?(${forbidden.join("|")})/`, message, allowTypeImports }]
      : []),
    ...also,
  ];
  if (serverCode) patterns.push({ regex: "\\.server$", message, allowTypeImports });
  return { files: [files], ignores, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

// Queries live in app/models; services and routes call them by name.
const noQueries = {
  regex: "^drizzle-orm",
  message: "Queries belong in app/models/<entity>.server.ts: call a model function instead.",
};

// What must be written in one place, refused anywhere else in the app (decisions 0037, 0074,
// 0084 and the business's zone): one list, used by every block that sets no-restricted-syntax.
const ONE_PLACE = [
  {
    // By name, or through the whole schema (`schema.outbox`) or drizzle's `db.query.outbox`.
    selector:
      "ImportDeclaration[source.value=/db\\/schema$/] ImportSpecifier[imported.name='outbox'], MemberExpression[property.name='outbox']",
    message:
      "Mail goes through the one outbox: call app/models/outbox.server.ts (enqueueMail, queueMail, ...), never the table.",
  },
  {
    selector:
      "Literal[value=/\\b(insert\\s+into|update|delete\\s+from)\\s+[`\"']?outbox\\b/i], TemplateElement[value.raw=/\\b(insert\\s+into|update|delete\\s+from)\\s+[`\"']?outbox\\b/i]",
    message: "Mail state is written by app/models/outbox.server.ts only.",
  },
  {
    // Business time has one zone, named once: a second copy is how two screens came to disagree.
    selector: "Literal[value='America/Chicago']",
    message: "Use BUSINESS_TIME_ZONE from app/lib/business-time.ts: the business's zone is written in one place.",
  },
  {
    // One history writer (decision 0074), kept in this list: a second list would replace it.
    selector: "CallExpression[callee.property.name='insert'] > Identifier[name='leadNotes']",
    message: "A lead's history is written by writeLeadHistory (app/models/lead-history.server.ts) only.",
  },
  {
    // One noun each (decision 0084): the person a lead or visit is assigned to is its
    // assignee; the homeowner's private link is the job page link.
    selector:
      "Identifier[name=/[Kk]eeper|assignedTo|[jJ]obLink|JOB_LINK/], Literal[value=/\\b(job|homeowner) links?\\b/i], TemplateElement[value.raw=/\\b(job|homeowner) links?\\b/i], JSXText[value=/\\b(job|homeowner) links?\\b/i]",
    message:
      "Say assignee (assigneeId) for who a lead or visit is assigned to, and job page link for the homeowner's link.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
      "data/",
      "uploads/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The layers (docs/ARCHITECTURE.md): routes -> services -> models -> server -> lib, each
  // importing only downwards. These rules make an upward import fail `npm run lint`.
  layerRule(
    "app/lib/**/*.{ts,tsx}",
    ["models", "db", "services", "server", "routes", "components"],
    "app/lib is pure, isomorphic code: it imports nothing from the app's other layers.",
    { serverCode: true },
  ),
  layerRule(
    "app/components/**/*.{ts,tsx}",
    ["models", "db", "services", "server"],
    "Components are views: they get data as props (types may be imported).",
    {
      allowTypeImports: true,
      serverCode: true,
      also: [
        {
          // Not even a type: a component typed by a route's loader is tied to that page's
          // data, and routes import components, so the two could no longer change apart.
          regex: "^(~|\\.{1,2})/(.*/)?routes/",
          message:
            "Components may not import routes, not even a type: a route passes what the view needs as props, typed in the component or in app/lib.",
        },
      ],
    },
  ),
  layerRule(
    "app/server/**/*.ts",
    ["models", "services", "routes", "components"],
    "app/server is infrastructure: it knows nothing of entities or use cases.",
  ),
  layerRule(
    "app/db/**/*.ts",
    ["models", "services", "server", "routes", "components"],
    "The schema imports only its enums from lib.",
  ),
  layerRule(
    "app/models/**/*.ts",
    ["services", "routes", "components"],
    "Models are queries of one entity: they call the database, not use cases or views.",
    {
      also: [
        {
          regex: "server/(storage|image-clean|image-variants|image-files|mail|upload)\\.server$",
          message: "Models return rows: files, pictures, mail and URLs belong to services (types may be imported).",
          allowTypeImports: true,
        },
      ],
    },
  ),
  layerRule(
    "app/services/**/*.ts",
    ["routes", "components"],
    "Services are called by routes, never the other way round.",
    { also: [noQueries] },
  ),
  layerRule("app/routes/**/*.{ts,tsx}", [], "", { also: [noQueries] }),
  {
    // One outbox (decision 0037): only its model touches the outbox table or writes a
    // mail's state, so no second mail queue can grow beside it. One history writer too.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.ts"],
    ignores: ["app/models/outbox.server.ts", "app/db/schema.ts"],
    rules: {
      "no-restricted-syntax": ["error", ...ONE_PLACE],
    },
  },
  {
    // One refusal shape (decision 0087): a model or service says no with refusal() from
    // app/lib/refusal.ts, never an { ok: false, … } or a { refused } object of its own.
    files: ["app/models/**/*.ts", "app/services/**/*.ts"],
    ignores: ["app/models/outbox.server.ts", "app/services/outbox.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...ONE_PLACE,
        {
          selector: "Property[key.name='ok'][value.value=false], ObjectExpression > Property[key.name='refused']",
          message:
            "Say no with refusal(message, { field, status }) from app/lib/refusal.ts: one shape for every refusal.",
        },
      ],
    },
  },
  {
    // One way for a lead page's forms to post (decision 0088): each through its own fetcher,
    // from useLeadFormPost, to the route that owns what it changes.
    files: ["app/components/admin/lead-*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...ONE_PLACE,
        {
          selector:
            "ImportDeclaration[source.value='react-router'] ImportSpecifier[imported.name=/^(Form|useFetcher|useNavigation|useActionData)$/]",
          message:
            "A lead page form posts with useLeadFormPost (components/admin/use-lead-form-post.ts): its fetcher.Form, its busy, its reply.",
        },
      ],
    },
  },
  {
    // Playwright fixtures call their argument `use`; it is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        Buffer: "readonly",
        console: "readonly",
        setTimeout: "readonly",
        fetch: "readonly",
        document: "readonly",
        window: "readonly",
      },
    },
  },
);
