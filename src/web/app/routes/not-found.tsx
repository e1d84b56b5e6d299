import { buttonClasses } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { paths } from '@web/lib/paths';
import { Link } from 'wouter';

export default function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <p className="brand-text text-7xl font-black">404</p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted">The page you are looking for does not exist.</p>
      <Link href={paths.home} className={buttonClasses('primary', 'lg', 'mt-2')}>
        Back to Home
      </Link>
    </div>
  );
}
