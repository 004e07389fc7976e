import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, formTargetsFor, inlineScripts } from "./csp";

describe("inlineScripts", () => {
  it("finds inline scripts, not external ones or JSON data", () => {
    const html = [
      `<script>document.documentElement.classList.add('js')</script>`,
      `<script type="module" src="/assets/entry.js"></script>`,
      `<script type="application/ld+json">{"@type":"RoofingContractor"}</script>`,
      `<script type="module" async="">import "/assets/x.js";\nwindow.a = 1;</script>`,
    ].join("");
    expect(inlineScripts(html)).toEqual([
      `document.documentElement.classList.add('js')`,
      `import "/assets/x.js";\nwindow.a = 1;`,
    ]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows inline scripts only by hash, never 'unsafe-inline' for scripts", () => {
    const policy = contentSecurityPolicy({ scriptHashes: ["abc=", "abc="], area: "public" });
    const script = policy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(script).toBe("script-src 'self' 'sha256-abc='");
    for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'"]) {
      expect(policy).toContain(directive);
    }
  });

  it("lets Google Maps in on admin pages only, video players on public pages only", () => {
    const admin = contentSecurityPolicy({ scriptHashes: [], area: "admin" });
    const pub = contentSecurityPolicy({ scriptHashes: [], area: "public" });
    expect(admin).toContain("https://*.googleapis.com");
    expect(pub).not.toContain("googleapis");
    expect(pub).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com");
    expect(admin).not.toContain("youtube");
  });
});

describe("formTargetsFor", () => {
  it("lets a job page's forms lead to the checkout page, and no other page's", () => {
    const checkout = "https://checkout.stripe.com";
    expect(formTargetsFor("https://www.example.com/job/abc", checkout)).toEqual([checkout]);
    expect(formTargetsFor("https://www.example.com/contact", checkout)).toEqual([]);
    expect(formTargetsFor("https://www.example.com/jobs", checkout)).toEqual([]);
  });

  it("adds nothing while online payment is off", () => {
    expect(formTargetsFor("https://www.example.com/job/abc", null)).toEqual([]);
  });
});
