// The pages reached before a session (a sign-in code, a forgotten or new password): one
// card on the sand background, its heading, and a refusal said in the page.

export function SignInCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-sand px-4 py-8">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The form's refusal (or a link that no longer opens), read out as it appears. */
export function SignInAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p
      role="alert"
      id={id}
      className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
    >
      {children}
    </p>
  );
}
