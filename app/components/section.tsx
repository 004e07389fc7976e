export function Section({
  id,
  title,
  intro,
  tone = "white",
  children,
}: {
  id?: string;
  title: string;
  intro?: string;
  tone?: "white" | "sand";
  children?: React.ReactNode;
}) {
  return (
    <section id={id} className={tone === "sand" ? "bg-sand" : "bg-white"}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h2>
        {intro && <p className="mt-3 max-w-3xl text-ink-soft">{intro}</p>}
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
