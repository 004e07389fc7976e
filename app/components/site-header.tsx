import { Icon } from "~/components/icon";
import { useEffect, useRef, useState } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import { MAIN_NAV, type NavEntry } from "~/content/site";
import { telHref, type BusinessFacts } from "~/lib/business";
import { QUOTE_FORM_HREF } from "~/lib/contact-form";
import { FAVICON } from "~/lib/static-files";

export const SCROLL_THRESHOLD_PX = 20;

export function SiteHeader({ facts }: { facts: BusinessFacts }) {
  const [scrolled, setScrolled] = useState(false);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX);
    // A reloaded page may start scrolled. Read in the next frame, where the layout is
    // computed anyway: read here, it would be computed inside hydration's last task.
    const frame = requestAnimationFrame(update);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, []);

  // Any navigation (a link, back/forward) closes the phone menu.
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, [location.key]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        scrolled ? "bg-white shadow-md" : "bg-white/80 [backdrop-filter:blur(8px)]"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20">
        <Logo company={facts.company} />
        {/* The whole nav needs a desktop's width; below it (tablets, small laptops) the menu holds it. */}
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center">
            {MAIN_NAV.map((entry) => (
              <DesktopEntry key={entry.name} entry={entry} />
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* From a tablet's width up there is room for the number itself (a phone has the menu). */}
          <a
            href={telHref(facts.phone)}
            className="hidden items-center gap-2 text-sm font-semibold whitespace-nowrap text-ink hover:text-brand md:inline-flex"
          >
            <Icon name="phone" className="size-4" />
            {facts.phone}
          </a>
          <a
            href={QUOTE_FORM_HREF}
            className="rounded-md bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-dark sm:px-4"
          >
            Get a Quote
          </a>
          <MobileMenu menuRef={menuRef} />
        </div>
      </div>
    </header>
  );
}

function Logo({ company }: { company: string }) {
  return (
    <Link to={href("/")} className="flex shrink-0 items-center gap-2">
      <img src={FAVICON} alt="" width={36} height={36} className="size-9 shrink-0" />
      <span className="leading-tight font-bold whitespace-nowrap text-ink">
        <span className="block text-base sm:text-lg">{company.split(" ").slice(0, 2).join(" ")}</span>{" "}
        <span className="block text-xs font-medium tracking-wide text-ink-soft uppercase">
          {company.split(" ").slice(2).join(" ") || "Contractors"}
        </span>
      </span>
    </Link>
  );
}

const desktopLink =
  "inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-ink hover:bg-brand-soft hover:text-brand-dark";

/** Opens on hover and on keyboard focus (focus-within), so it needs no script. */
function DesktopEntry({ entry }: { entry: NavEntry }) {
  if (!entry.dropdown) {
    return (
      <li>
        {/* A section of the home page (/#bright-green) is not the page the visitor is on. */}
        {entry.href.includes("#") ? (
          <Link to={entry.href} className={desktopLink}>
            {entry.name}
          </Link>
        ) : (
          <NavLink to={entry.href} end className={desktopLink}>
            {entry.name}
          </NavLink>
        )}
      </li>
    );
  }
  const trigger = (
    <>
      {entry.name}
      <Icon name="chevron-down" className="size-4 transition-transform group-hover:rotate-180" />
    </>
  );
  return (
    <li className="group relative">
      {entry.href ? (
        <Link to={entry.href} className={desktopLink} aria-haspopup="true">
          {trigger}
        </Link>
      ) : (
        <button type="button" className={desktopLink} aria-haspopup="true">
          {trigger}
        </button>
      )}
      <ul
        className="invisible absolute top-full left-0 z-50 min-w-60 translate-y-1 rounded-lg border border-black/5 bg-white py-2 opacity-0 shadow-xl transition-[opacity,translate] group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:visible group-hover:translate-y-0 group-hover:opacity-100"
        aria-label={`${entry.name} menu`}
      >
        {entry.dropdown.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="block px-4 py-2 text-sm text-ink hover:bg-brand-soft hover:text-brand-dark">
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A details/summary menu: opens and closes without JavaScript. */
function MobileMenu({ menuRef }: { menuRef: React.RefObject<HTMLDetailsElement | null> }) {
  return (
    <details ref={menuRef} className="group/menu xl:hidden">
      <summary
        className="flex size-10 cursor-pointer items-center justify-center rounded-md text-ink hover:bg-brand-soft"
        aria-label="Menu"
      >
        <Icon name="menu" className="size-6 group-open/menu:hidden" />
        <Icon name="x" className="hidden size-6 group-open/menu:block" />
      </summary>
      <nav
        aria-label="Mobile"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a") && menuRef.current) menuRef.current.open = false;
        }}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-black/5 bg-white px-4 pb-6 shadow-lg"
      >
        <ul className="divide-y divide-black/5">
          {MAIN_NAV.map((entry) =>
            entry.dropdown ? (
              <li key={entry.name}>
                <details>
                  <summary className="flex cursor-pointer items-center justify-between py-3 font-medium">
                    {entry.name}
                    <Icon name="chevron-down" className="chevron size-5 transition-transform" />
                  </summary>
                  <ul className="pb-2 pl-4">
                    {entry.href && (
                      <li>
                        <Link to={entry.href} className="block py-2 text-ink-soft hover:text-brand">
                          All {entry.name}
                        </Link>
                      </li>
                    )}
                    {entry.dropdown.map((item) => (
                      <li key={item.href}>
                        <Link to={item.href} className="block py-2 text-ink-soft hover:text-brand">
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : (
              <li key={entry.name}>
                <Link to={entry.href} className="block py-3 font-medium hover:text-brand">
                  {entry.name}
                </Link>
              </li>
            ),
          )}
        </ul>
      </nav>
    </details>
  );
}
