import { effectLabel, hasFacts, netSizeLabel, potencyLine } from '@shared/product-facts';
import type { Product } from '@shared/schemas/products';
import { shortDateLabel } from '@shared/shop-clock';
import { FileText } from 'lucide-react';
import { type ReactNode, useId } from 'react';

const PDF = /\.pdf$/i;

/** What the shop states about the product, in one block, the lab document a tap away. */
export function ProductFacts({ product }: { product: Product }) {
  const titleId = useId();
  if (!hasFacts(product)) return null;
  const rows: [string, ReactNode][] = [];
  if (product.brand) rows.push(['Brand', product.brand]);
  const thc = potencyLine(product, product.thc, product.thcPerServing);
  if (thc) rows.push(['THC', thc]);
  const cbd = potencyLine(product, product.cbd, product.cbdPerServing);
  if (cbd) rows.push(['CBD', cbd]);
  const size = netSizeLabel(product);
  if (size) rows.push(['Net size', size]);
  if (product.effects.length > 0)
    rows.push(['Effects', product.effects.map(effectLabel).join(', ')]);
  const lab = product.labDocument;
  const labFacts = [
    product.labName,
    product.labTestedOn && `tested ${shortDateLabel(product.labTestedOn)}`,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id={titleId} className="text-sm font-bold tracking-wider text-muted uppercase">
        Product facts
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="text-muted tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {lab && (
        <a
          href={lab}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl border border-line px-3 text-sm font-semibold hover:bg-surface-2"
        >
          <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            View lab results{PDF.test(lab) ? ' (PDF)' : ''}
            {labFacts && <span className="font-normal text-muted"> · {labFacts}</span>}
          </span>
        </a>
      )}
    </section>
  );
}
