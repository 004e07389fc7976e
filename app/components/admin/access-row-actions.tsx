import { Link } from "react-router";
import { RowActions } from "~/components/admin-ui";
import { Icon } from "~/components/icon";

/**
 * A row's edit and delete links for whoever may change what is on the site (the owner,
 * decision 0048); the office gets the edit link for a draft only, and nothing for what is
 * published (the server refuses those saves anyway).
 */
export function PublisherRowActions({
  publishes,
  draft,
  label,
  editTo,
  deleteTo,
}: {
  publishes: boolean;
  draft: boolean;
  label: string;
  editTo: string;
  deleteTo: string;
}) {
  if (publishes) return <RowActions label={label} editTo={editTo} deleteTo={deleteTo} />;
  if (!draft) return <span className="block text-right text-xs text-ink-soft">On the site: the owner edits it</span>;
  return (
    <div className="flex justify-end gap-1">
      <Link to={editTo} preventScrollReset className="rounded p-2 hover:bg-sand" aria-label={`Edit ${label}`}>
        <Icon name="pencil" className="size-4" />
      </Link>
    </div>
  );
}
