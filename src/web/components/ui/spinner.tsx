import { LoaderCircle } from 'lucide-react';

export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
      <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin" />
      <span>{label ?? 'Loading...'}</span>
    </div>
  );
}
