import { buttonClasses } from '@web/components/ui/button';
import { Link } from 'wouter';
import { paths } from '../paths';

/** Stand-in for screens other engineers are building (cart, orders, thank-you, dealer area). */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="max-w-md text-muted">{text}</p>
      <Link href={paths.home} className={buttonClasses('outline', 'lg', 'mt-2')}>
        Back to Shopping
      </Link>
    </div>
  );
}
