/** The count of unread chat replies on a launcher; its label already says it, so this is for the eye. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="chat-unread"
      className="absolute -top-1 -right-1 grid h-6 min-w-6 place-items-center rounded-full bg-danger px-1 text-xs font-bold text-danger-fg ring-2 ring-bg"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}
