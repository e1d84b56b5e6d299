import { Button } from '@web/components/ui/button';
import { isStaleChunkError, reloadOnceForNewBuild } from '@web/lib/stale-chunk';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

function SomethingWentWrong({ resetErrorBoundary }: FallbackProps) {
  return (
    <section
      role="alert"
      aria-labelledby="something-went-wrong"
      className="mx-auto my-10 flex w-full max-w-md flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-6"
    >
      <TriangleAlert aria-hidden="true" className="h-8 w-8 text-warn" />
      <h1 id="something-went-wrong" className="text-xl font-bold">
        Something went wrong
      </h1>
      <p className="text-sm text-muted">
        This page could not be shown. Your cart is safe. Reload to try again.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" onClick={resetErrorBoundary}>
          Try again
        </Button>
      </div>
    </section>
  );
}

/**
 * A page that throws while rendering shows "Something went wrong" inside the shop's frame
 * (header, menu and cart stay) instead of a blank screen; moving to another page clears it.
 * A page whose code was replaced by a newer build reloads once to that build.
 */
export function RouteErrorBoundary({ page, children }: { page: string; children: ReactNode }) {
  return (
    <ErrorBoundary
      FallbackComponent={SomethingWentWrong}
      resetKeys={[page]}
      onError={(error) => {
        if (!isStaleChunkError(error) || !reloadOnceForNewBuild())
          console.error('A page failed to render', error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The last resort around the whole app: the same message, without the shop's frame. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      FallbackComponent={SomethingWentWrong}
      onError={(error) => {
        if (!isStaleChunkError(error) || !reloadOnceForNewBuild())
          console.error('The app failed to render', error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
